import type { Checklist, ChecklistSort, ListParams } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { tenantSettingsKeys } from './types';

/** GET /tenants/{id}/checklists: a page of the standard checklists with their active and completed counts. */
export const checklistsQuery = (id: string, params: ListParams<ChecklistSort>) =>
  queryOptions({
    queryKey: [...tenantSettingsKeys.checklists(id), params] as const,
    queryFn: ({ signal }) => api<Page<Checklist>>(`/tenants/${id}/checklists?${listQuery(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useChecklists = (id: string, params: ListParams<ChecklistSort>) => useQuery(checklistsQuery(id, params));
