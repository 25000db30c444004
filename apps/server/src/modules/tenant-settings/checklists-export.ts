import { PassThrough, type Readable } from 'node:stream';
import { PRODUCT_NAME } from '@atrium/contracts';
import ExcelJS from 'exceljs';

export type ExportRow = {
  checklistId: string;
  title: string;
  createdAt: Date;
  itemTitle: string | null;
  itemOrder: number | null;
};

/** A cell's text: one that would start a formula in a spreadsheet program is quoted. */
const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * The tenant's checklists as an xlsx workbook, written as a stream (ExcelJS's streaming writer): one
 * sheet 'Checklists', a row per item (position from 1) and a row with no item for an empty checklist.
 * `rows` come in checklist then item order.
 */
export function checklistsWorkbook(rows: ExportRow[], onError: (err: unknown) => void): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = PRODUCT_NAME;
  const sheet = workbook.addWorksheet('Checklists');
  sheet.columns = [
    { header: 'Checklist', key: 'checklist', width: 40 },
    { header: 'Created', key: 'created', width: 14 },
    { header: 'Item #', key: 'position', width: 8 },
    { header: 'Item', key: 'item', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let position = 0;
  let last: string | null = null;
  for (const row of rows) {
    position = row.checklistId === last ? position + 1 : 1;
    last = row.checklistId;
    const created = row.createdAt.toISOString().slice(0, 10).split('-').reverse().join('-');
    sheet
      .addRow({
        checklist: safe(row.title),
        created,
        position: row.itemTitle === null ? null : position,
        item: row.itemTitle === null ? null : safe(row.itemTitle),
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
