import type { AuditEntry } from '@atrium/contracts';

// The audit page's export: one line per entry, RFC 4180 quoting, no cell a spreadsheet runs as a formula.

const HEADERS = [
  'Time (UTC)',
  'Action',
  'Actor',
  'Actor email',
  'Real actor',
  'Tenant',
  'Record type',
  'Record id',
  'Before',
  'After',
  'Details',
  'Address',
];

/**
 * A CSV cell: text starting with = + - @ (or a tab or carriage return) is prefixed with ' so that a
 * spreadsheet shows it rather than running it (CSV injection); quoted when it holds a separator, a
 * quote or a line break, quotes doubled.
 */
export function csvCell(value: string | null | undefined) {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const json = (value: Record<string, unknown> | null) =>
  value && Object.keys(value).length ? JSON.stringify(value) : '';

const line = (cells: (string | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The header line, with a byte order mark so spreadsheets read UTF-8. */
export const auditCsvHeader = () => `\uFEFF${line(HEADERS)}`;

export const auditCsvLine = (e: AuditEntry) =>
  line([
    e.createdAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    e.action,
    e.actor?.name,
    e.actor?.email,
    e.realActor ? `${e.realActor.name} <${e.realActor.email}>` : '',
    e.tenant?.name,
    e.recordType,
    e.recordId,
    json(e.before),
    json(e.after),
    json(e.data),
    e.ip,
  ]);
