import type { AuditAction, AuditEntry, AuditPage } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { downloadFile, saveFile } from '@/shared/api/files';

export type { AuditEntry };

export const AUDIT_PAGE_SIZE = 25;

/** The page's filters, as the URL keeps them ('' for none). */
export type AuditFilters = {
  actorId: string;
  action: AuditAction | '';
  recordId: string;
  from: string;
  to: string;
};

/** The filters as GET /audit's query, with the browser's time zone so that a day is the user's. */
export function auditQueryString(filters: AuditFilters, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (filters.from || filters.to) query.set('tz', String(new Date().getTimezoneOffset()));
  return query.toString();
}

export const auditQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: ['audit', 'log', filters, page],
    queryFn: ({ signal }) =>
      api<AuditPage>(`/audit?${auditQueryString(filters, { page: String(page), take: String(AUDIT_PAGE_SIZE) })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The audit log in the caller's scope, newest first. */
export const useAuditLog = (filters: AuditFilters, page: number) => useQuery(auditQuery(filters, page));

/** Everyone who appears as an actor in the caller's log (the actor filter's choices). */
export const useAuditActors = () =>
  useQuery({
    queryKey: ['audit', 'actors'],
    queryFn: ({ signal }) => api<{ id: string; name: string; email: string }[]>('/audit/actors', { signal }),
    staleTime: 60_000,
  });

/** GET /audit/export.csv: the filtered log, saved as a file. */
export const useExportAudit = () =>
  useMutation({
    mutationFn: async (filters: AuditFilters) =>
      saveFile(await downloadFile(`/audit/export.csv?${auditQueryString(filters)}`, 'audit-log.csv')),
  });
