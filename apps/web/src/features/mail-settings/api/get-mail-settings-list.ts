import type { ListParams } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { type MailSettingsRow, type MailSettingsSort, mailSettingsKeys } from './types';

/** Rows on a page of the list, as the sibling tenant lists show. */
export const MAIL_SETTINGS_PAGE_SIZE = 25;

/** GET /tenants/{id}/mailsettings?page&take&sort&direction&search: a page of the tenant's settings. */
export const getMailSettingsList = (tenantId: string, params: ListParams<MailSettingsSort>, signal?: AbortSignal) =>
  api<Page<MailSettingsRow>>(`/tenants/${tenantId}/mailsettings?${listQuery(params)}`, { signal });

export const mailSettingsListQuery = (tenantId: string, params: ListParams<MailSettingsSort>) =>
  queryOptions({
    queryKey: mailSettingsKeys.list(tenantId, params),
    queryFn: ({ signal }) => getMailSettingsList(tenantId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useMailSettingsList = (tenantId: string, params: ListParams<MailSettingsSort>) =>
  useQuery(mailSettingsListQuery(tenantId, params));
