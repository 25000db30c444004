import { PRODUCT_NAME } from '@atrium/contracts';
import type ExcelJS from 'exceljs';

// What the app's xlsx and CSV exports share (users, checklists, the hours overview).

/** A cell's text: one that would start a formula in a spreadsheet program is quoted. */
export const formulaSafe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** An export's sheet: the product as the workbook's author, the columns, and the header row in bold. */
export function headedSheet(workbook: ExcelJS.Workbook, name: string, columns: Partial<ExcelJS.Column>[]) {
  workbook.creator = PRODUCT_NAME;
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  return sheet;
}
