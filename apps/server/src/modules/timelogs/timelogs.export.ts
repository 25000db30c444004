import type { Overview, OverviewKind } from '@atrium/contracts';
import ExcelJS from 'exceljs';
import { formulaSafe, headedSheet } from '../../storage/spreadsheet.js';

// The overview page's export: the table it shows, as CSV or an xlsx workbook.

const HEADERS: Record<OverviewKind, string[]> = {
  users: ['User', 'Hours'],
  projects: ['Project', 'Hours'],
  tasks: ['Project', 'Task', 'Hours'],
};

const cellsOf = (kind: OverviewKind, row: Overview['rows'][number]): (string | number)[] =>
  kind === 'tasks' ? [row.projectName ?? '', row.name, row.hours] : [row.name, row.hours];

const totalOf = (kind: OverviewKind, data: Overview): (string | number)[] =>
  kind === 'tasks' ? ['Total', '', data.total] : ['Total', data.total];

/** A CSV cell: quoted when it holds a separator, quote or line break; text cannot start a formula. */
const csvCell = (value: string | number) => {
  const text = typeof value === 'string' ? formulaSafe(value) : String(value);
  return /[",\n\r;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function overviewCsv(kind: OverviewKind, data: Overview): Buffer {
  const lines = [HEADERS[kind], ...data.rows.map((r) => cellsOf(kind, r)), totalOf(kind, data)];
  return Buffer.from(`${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8');
}

export async function overviewWorkbook(kind: OverviewKind, data: Overview): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = headedSheet(
    workbook,
    `Hours ${data.from} - ${data.to}`.slice(0, 31),
    HEADERS[kind].map((header) => ({ header, width: header === 'Hours' ? 10 : 32 })),
  );
  for (const row of data.rows) sheet.addRow(cellsOf(kind, row));
  sheet.addRow(totalOf(kind, data)).font = { bold: true };
  sheet.getColumn(HEADERS[kind].length).numFmt = '0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
