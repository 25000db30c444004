import { z } from 'zod';

export const OUTBOX_STATUSES = ['pending', 'sent', 'stored', 'failed'] as const;

/** One row of GET /mail/outbox: a mail the platform sent or queued (super administrators read it). */
export const outboxItemSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
