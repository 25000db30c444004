import type { OutboxStatus } from '@/features/mail/api/outbox';

const pad = (n: number) => String(n).padStart(2, '0');

/** dd-MM-yyyy HH:mm in the browser's time zone (the spec's date format for lists). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const STATUS_COLOR: Record<OutboxStatus, string> = {
  pending: 'yellow',
  sent: 'teal',
  stored: 'blue',
  failed: 'red',
};
