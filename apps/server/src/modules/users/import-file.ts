import { IMPORT_COLUMNS, USER_LIMITS } from '@atrium/contracts';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/errors.js';

type Column = (typeof IMPORT_COLUMNS)[number];

/** Header names people actually use, mapped to our columns. */
const HEADER_ALIASES: Record<string, Column> = {
  name: 'name',
  'first name': 'name',
  firstname: 'name',
  surname: 'surname',
  'last name': 'surname',
  lastname: 'surname',
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  role: 'role',
  roles: 'role',
  group: 'groups',
  groups: 'groups',
  language: 'language',
};

export type ParsedRow = { line: number; cells: Record<Column, string> };

const invalidFile = (message: string, detail: string) =>
  new AppError('validation', detail, [{ field: 'file', message }]);

/** Splits CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) with the given delimiter. */
export function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (quoted) throw invalidFile('invalidCsv', 'A quoted field is never closed');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The delimiter of the header line: whichever of ; , or tab it has most of. */
function guessDelimiter(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

async function xlsxRows(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw invalidFile('invalidXlsx', 'The file is not a readable xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > USER_LIMITS.importMaxRows + 1) {
    throw invalidFile('tooManyRows', `An import may have at most ${USER_LIMITS.importMaxRows} rows`);
  }
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, 50); c++) cells.push(row.getCell(c).text ?? '');
    rows[rowNumber - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/**
 * Reads an import file, xlsx (recognised by its zip signature) or CSV (UTF-8), into rows keyed
 * by column. Line numbers are the file's, the header being line 1; empty lines are skipped.
 */
export async function readImportFile(data: Buffer): Promise<ParsedRow[]> {
  let table: string[][];
  if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) {
    table = await xlsxRows(data);
  } else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
    } catch {
      throw invalidFile('unsupportedFile', 'Send an xlsx workbook or a UTF-8 CSV file');
    }
    if (text.includes('\u0000')) throw invalidFile('unsupportedFile', 'Send an xlsx workbook or a UTF-8 CSV file');
    table = parseCsv(text, guessDelimiter(text));
  }
  const [header, ...body] = table;
  if (!header?.some((h) => h.trim())) throw invalidFile('nothingToImport', 'The file is empty');
  const index = new Map<Column, number>();
  header.forEach((h, i) => {
    const column = HEADER_ALIASES[h.trim().toLowerCase()];
    if (column && !index.has(column)) index.set(column, i);
  });
  for (const required of ['name', 'email'] as const) {
    if (!index.has(required)) throw invalidFile(`missingColumn.${required}`, `The file has no "${required}" column`);
  }
  const rows: ParsedRow[] = [];
  body.forEach((cells, i) => {
    if (!cells.some((c) => c.trim())) return;
    const get = (col: Column) => {
      const at = index.get(col);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    rows.push({
      line: i + 2,
      cells: Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, get(c)])) as Record<Column, string>,
    });
  });
  if (!rows.length) throw invalidFile('nothingToImport', 'The file has no users in it');
  if (rows.length > USER_LIMITS.importMaxRows) {
    throw invalidFile('tooManyRows', `An import may have at most ${USER_LIMITS.importMaxRows} rows`);
  }
  return rows;
}

/** The export: the same columns an import reads, so an export can be edited and imported elsewhere. */
export async function writeUsersWorkbook(
  rows: { name: string; surname: string; email: string; role: string; groups: string[]; language: string }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Atrium';
  const sheet = workbook.addWorksheet('Users');
  sheet.columns = [
    { header: 'Name', key: 'name', width: 20 },
    { header: 'Surname', key: 'surname', width: 20 },
    { header: 'Email', key: 'email', width: 32 },
    { header: 'Role', key: 'role', width: 10 },
    { header: 'Groups', key: 'groups', width: 32 },
    { header: 'Language', key: 'language', width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow({ ...r, groups: r.groups.join(', ') });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
