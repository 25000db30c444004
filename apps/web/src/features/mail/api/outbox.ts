import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';

export type OutboxStatus = 'pending' | 'sent' | 'stored' | 'failed';

/** One row of GET /mail/outbox (dates arrive as ISO strings). */
export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

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
