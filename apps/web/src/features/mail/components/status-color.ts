import type { OutboxStatus } from '@/features/mail/api/outbox';

export const STATUS_COLOR: Record<OutboxStatus, string> = {
  pending: 'yellow',
  sent: 'teal',
  stored: 'blue',
  failed: 'red',
};
