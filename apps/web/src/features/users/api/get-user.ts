import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type UserDetails, userKeys } from './types';

/** GET /users/{id}. */
export const getUser = (id: string, signal?: AbortSignal) => api<UserDetails>(`/users/${id}`, { signal });

export const userQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

/** The user to edit; disabled for a new one. */
export const useUser = (id: string | null) => useQuery({ ...userQuery(id ?? ''), enabled: !!id });
