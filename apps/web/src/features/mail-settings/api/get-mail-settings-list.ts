import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type MailSettingsRow, type MailSettingsSort, mailSettingsKeys } from './types';

type Query = { search: string; sort: MailSettingsSort; direction: 'asc' | 'desc' };

/** GET /tenants/{id}/mailsettings?search&sort&direction. */
export const getMailSettingsList = (tenantId: string, q: Query, signal?: AbortSignal) => {
  const params = new URLSearchParams({ sort: q.sort, direction: q.direction });
  if (q.search) params.set('search', q.search);
  return api<MailSettingsRow[]>(`/tenants/${tenantId}/mailsettings?${params}`, { signal });
};

export const mailSettingsListQuery = (tenantId: string, q: Query) =>
  queryOptions({
    queryKey: mailSettingsKeys.list(tenantId, q),
    queryFn: ({ signal }) => getMailSettingsList(tenantId, q, signal),
    placeholderData: keepPreviousData,
  });

export const useMailSettingsList = (tenantId: string, q: Query) => useQuery(mailSettingsListQuery(tenantId, q));
