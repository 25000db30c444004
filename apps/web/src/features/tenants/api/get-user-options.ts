import type { userOptionSchema } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { tenantKeys } from './types';

export type UserOption = z.infer<typeof userOptionSchema>;

/** GET /users/dataselect: the live users the caller may add to a tenant. */
export const getUserOptions = (signal?: AbortSignal) => api<UserOption[]>('/users/dataselect', { signal });

export const userOptionsQuery = () =>
  queryOptions({ queryKey: tenantKeys.userOptions(), queryFn: ({ signal }) => getUserOptions(signal) });

export const useUserOptions = () => useQuery(userOptionsQuery());
