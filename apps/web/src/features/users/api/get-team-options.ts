import type { TeamOptions } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userKeys } from './types';

export type { TeamOptions };

/** GET /users/teams: the active tenant's teams and departments. */
export const getTeamOptions = (signal?: AbortSignal) => api<TeamOptions>('/users/teams', { signal });

export const teamOptionsQuery = (tenantId: string) =>
  queryOptions({ queryKey: userKeys.teams(tenantId), queryFn: ({ signal }) => getTeamOptions(signal) });

/** Teams exist per tenant: without an active tenant there are none to ask for. */
export const useTeamOptions = (tenantId: string | null) =>
  useQuery({ ...teamOptionsQuery(tenantId ?? ''), enabled: !!tenantId });
