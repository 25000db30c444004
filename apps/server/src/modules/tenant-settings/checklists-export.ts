import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formulaSafe, headedSheet } from '../../storage/spreadsheet.js';

export type ExportRow = {
  checklistId: string;
  title: string;
  createdAt: Date;
  itemTitle: string | null;
  itemOrder: number | null;
};

/**
 * The tenant's checklists as an xlsx workbook, written as a stream (ExcelJS's streaming writer): one
 * sheet 'Checklists', a row per item (position from 1) and a row with no item for an empty checklist.
 * `rows` come in checklist then item order.
 */
export function checklistsWorkbook(rows: ExportRow[], onError: (err: unknown) => void): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = headedSheet(workbook, 'Checklists', [
    { header: 'Checklist', key: 'checklist', width: 40 },
    { header: 'Created', key: 'created', width: 14 },
    { header: 'Item #', key: 'position', width: 8 },
    { header: 'Item', key: 'item', width: 60 },
  ]);
  sheet.getRow(1).commit();
  let position = 0;
  let last: string | null = null;
  for (const row of rows) {
    position = row.checklistId === last ? position + 1 : 1;
    last = row.checklistId;
    const created = row.createdAt.toISOString().slice(0, 10).split('-').reverse().join('-');
    sheet
      .addRow({
        checklist: formulaSafe(row.title),
        created,
        position: row.itemTitle === null ? null : position,
        item: row.itemTitle === null ? null : formulaSafe(row.itemTitle),
      })
      .commit();
  }
  sheet.commit();
  workbook.commit().catch((err: unknown) => {
    onError(err);
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return stream;
}
