import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { IMPORT_COLUMNS, USER_LIMITS } from '@atrium/contracts';
import ExcelJS from 'exceljs';
import { AppError, fieldError } from '../../http/errors.js';
import { headedSheet } from '../../storage/spreadsheet.js';

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
  title: 'title',
  'job title': 'title',
  phone: 'phone',
  team: 'team',
  department: 'department',
  password: 'password',
  'initial password': 'password',
};

export type ParsedRow = { line: number; cells: Record<Column, string> };
/** One line of the file as read: its number (the first line is 1) and its cells. */
type Line = { line: number; cells: string[] };

const invalidFile = (message: string, detail: string) => fieldError('file', message, detail);

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

/** Most bytes an xlsx may unpack to. A workbook of importMaxRows users unpacks to a few MB. */
export const XLSX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

type ZipEntry = AsyncIterable<Buffer>;
type ZipParser = NodeJS.WritableStream & AsyncIterable<ZipEntry> & { destroy(): void };
/** The zip reader ExcelJS itself uses, so both see exactly the same entries (no types: loaded untyped). */
const unzipper = createRequire(createRequire(import.meta.url).resolve('exceljs'))('unzipper') as {
  Parse(options: { forceStream: true }): ZipParser;
};

/**
 * Unpacks every entry once, counting, and refuses a workbook that unpacks to more than
 * XLSX_MAX_UNPACKED_BYTES (a zip bomb would otherwise fill memory or the temporary folder).
 */
async function assertUnpackedSize(data: Buffer) {
  const zip = unzipper.Parse({ forceStream: true });
  zip.on('error', () => {}); // surfaced by the iteration below
  Readable.from([data]).pipe(zip);
  let total = 0;
  try {
    for await (const entry of zip) {
      for await (const chunk of entry) {
        total += chunk.length;
        if (total > XLSX_MAX_UNPACKED_BYTES) {
          throw invalidFile(
            'unpacksTooLarge',
            `The workbook unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB`,
          );
        }
      }
    }
  } catch (err) {
    zip.destroy();
    if (err instanceof AppError) throw err;
    throw invalidFile('invalidXlsx', 'The file is not a readable xlsx workbook');
  }
}

/** Text of a stream of UTF-8 bytes, decoded across chunk boundaries. */
async function* utf8Chunks(source: AsyncIterable<Buffer | string>) {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source) yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

type ReaderInternals = {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Iterable<unknown>;
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncIterable<unknown>;
};

/**
 * ExcelJS's streaming reader decodes each chunk on its own, garbling a character (æ, ø, å...) that
 * straddles two chunks; here its worksheets and shared strings are decoded as one text instead.
 */
function decodeAcrossChunks(reader: InstanceType<typeof ExcelJS.stream.xlsx.WorkbookReader>) {
  const internals = reader as unknown as ReaderInternals;
  const parseWorksheet = internals._parseWorksheet.bind(reader);
  const parseSharedStrings = internals._parseSharedStrings.bind(reader);
  internals._parseWorksheet = (iterator, sheetNo) => parseWorksheet(utf8Chunks(iterator), sheetNo);
  internals._parseSharedStrings = (entry) => {
    entry.setEncoding('utf8');
    return parseSharedStrings(entry);
  };
}

/**
 * The first worksheet's rows, streamed: reading stops as soon as the sheet has more rows than an
 * import may carry, so a huge sheet is refused without being read, and the event loop keeps turning.
 */
async function xlsxRows(data: Buffer): Promise<Line[]> {
  await assertUnpackedSize(data);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  decodeAcrossChunks(reader);
  const lines: Line[] = [];
  let sheetRead = false;
  let tooMany = false;
  let unreadable = false;
  try {
    for await (const sheet of reader) {
      // Later sheets are passed over; going on to the end lets ExcelJS remove its temporary files.
      if (sheetRead) continue;
      sheetRead = true;
      try {
        let filled = 0;
        for await (const row of sheet) {
          const cells: string[] = [];
          for (let c = 1; c <= Math.min(row.cellCount, 50); c++) cells.push(row.getCell(c).text ?? '');
          if (cells.some((v) => v.trim()) && ++filled > USER_LIMITS.importMaxRows + 1) {
            tooMany = true;
            break;
          }
          lines.push({ line: row.number, cells });
        }
      } catch {
        unreadable = true;
      }
    }
  } catch {
    unreadable = true;
  }
  if (unreadable) throw invalidFile('invalidXlsx', 'The file is not a readable xlsx workbook');
  if (tooMany) {
    throw invalidFile('tooManyRows', `An import may have at most ${USER_LIMITS.importMaxRows} rows`);
  }
  return lines;
}

/**
 * Reads an import file, xlsx (recognised by its zip signature) or CSV (UTF-8), into rows keyed
 * by column. Line numbers are the file's, the header being line 1; empty lines are skipped.
 */
export async function readImportFile(data: Buffer): Promise<ParsedRow[]> {
  let table: Line[];
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
    table = parseCsv(text, guessDelimiter(text)).map((cells, i) => ({ line: i + 1, cells }));
  }
  const header = table.find((l) => l.line === 1)?.cells;
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
  for (const { line, cells } of table) {
    if (line === 1 || !cells.some((c) => c.trim())) continue;
    const get = (col: Column) => {
      const at = index.get(col);
      const value = at === undefined ? '' : (cells[at] ?? '');
      // A password is taken as typed: its spaces are part of it.
      return col === 'password' ? value : value.trim();
    };
    rows.push({
      line,
      cells: Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, get(c)])) as Record<Column, string>,
    });
  }
  if (!rows.length) throw invalidFile('nothingToImport', 'The file has no users in it');
  if (rows.length > USER_LIMITS.importMaxRows) {
    throw invalidFile('tooManyRows', `An import may have at most ${USER_LIMITS.importMaxRows} rows`);
  }
  return rows;
}

/** The export: the columns an import reads (passwords aside), so an export can be edited and imported elsewhere. */
export async function writeUsersWorkbook(
  rows: (Record<Exclude<Column, 'groups' | 'password'>, string> & { groups: string[] })[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = headedSheet(workbook, 'Users', [
    { header: 'Name', key: 'name', width: 20 },
    { header: 'Surname', key: 'surname', width: 20 },
    { header: 'Email', key: 'email', width: 32 },
    { header: 'Role', key: 'role', width: 10 },
    { header: 'Groups', key: 'groups', width: 32 },
    { header: 'Language', key: 'language', width: 10 },
    { header: 'Title', key: 'title', width: 24 },
    { header: 'Phone', key: 'phone', width: 18 },
    { header: 'Team', key: 'team', width: 20 },
    { header: 'Department', key: 'department', width: 20 },
  ]);
  for (const r of rows) sheet.addRow({ ...r, groups: r.groups.join(', ') });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
