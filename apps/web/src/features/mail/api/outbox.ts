import type { OutboxItem } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page, Wire } from '@/shared/api/wire';

export type OutboxMail = Wire<OutboxItem>;
export type OutboxStatus = OutboxItem['status'];

export type OutboxPage = Page<OutboxMail>;

export const OUTBOX_PAGE_SIZE = 20;

export const outboxQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: ['mail', 'outbox', page, search],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), take: String(OUTBOX_PAGE_SIZE) });
      if (search) query.set('search', search);
      return api<OutboxPage>(`/mail/outbox?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
    // Not kept on the device for a reload with no network (shared/offline): a mail not sent yet holds
    // its links (password resets), which the server itself keeps only until the mail is delivered.
    meta: { persist: false },
  });

/** The outbox, newest first: what the platform sent or queued (super administrators only). */
export const useOutbox = (page: number, search: string) => useQuery(outboxQuery(page, search));
