import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DOCUMENT_FILE_PROBLEMS, DOCUMENT_LIMITS, extensionOf } from '@atrium/contracts';
import { fileTypeFromBuffer, supportedExtensions } from 'file-type';
import { fieldError } from '../../http/errors.js';

/** Bytes read before the rest is streamed on: enough for file-type to recognise any format it knows. */
const SNIFF_BYTES = 4100;

/** Formats that run as programs, by their content. */
const EXECUTABLE_CONTENT = new Set(['exe', 'elf', 'macho', 'msi', 'dmg', 'deb', 'rpm', 'apk', 'class', 'wasm', 'dex']);

/** Extensions that run as programs or scripts when opened, whatever the content. */
const EXECUTABLE_EXTENSIONS = new Set([
  'exe',
  'dll',
  'com',
  'scr',
  'msi',
  'msp',
  'cpl',
  'sys',
  'drv',
  'ocx',
  'pif',
  'bin',
  'run',
  'elf',
  'so',
  'dylib',
  'app',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'apk',
  'jar',
  'class',
  'wasm',
  'bat',
  'cmd',
  'sh',
  'bash',
  'zsh',
  'csh',
  'ksh',
  'ps1',
  'psm1',
  'psd1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'mjs',
  'cjs',
  'wsf',
  'wsh',
  'hta',
  'lnk',
  'reg',
  'inf',
  'scf',
  'url',
  'py',
  'pyc',
  'pl',
  'rb',
  'php',
  'phtml',
  'asp',
  'aspx',
  'jsp',
  'cgi',
  'html',
  'htm',
  'xhtml',
  'mht',
  'mhtml',
  'shtml',
  'svgz',
  'command',
  'applescript',
  'action',
  'workflow',
  'gadget',
  'msc',
  'ade',
  'adp',
  'chm',
  'iso',
  'img',
  'vhd',
  'vhdx',
  'xll',
  'appref-ms',
]);

/** Extensions file-type names differently from what users write. */
const SAME_FORMAT: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tiff: 'tif', htm: 'html', mpeg: 'mpg' };
const canonical = (ext: string) => SAME_FORMAT[ext] ?? ext;

/** Content types of formats file-type cannot recognise (text), by extension. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  svg: 'image/svg+xml',
  log: 'text/plain',
  rtf: 'application/rtf',
  ics: 'text/calendar',
  vcf: 'text/vcard',
  tsv: 'text/tab-separated-values',
};

/** Office formats are zip files inside; file-type recognises most of them, an older one may come as zip. */
const ZIP_BASED = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub', 'zip']);

/**
 * A name safe to show and to put in Content-Disposition: no path, no control or quote characters, no
 * invisible format characters (bidi overrides and isolates, zero-width characters: 'invoice\u202Efdp.txt'
 * would show as 'invoicetxt.pdf'), no leading dots, at most DOCUMENT_LIMITS.fileNameMax characters, the
 * extension kept.
 */
export function safeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Cc: control characters; Cf: format characters (bidi controls, zero-width ones, BOM, soft hyphen).
    .replace(/[\p{Cc}\p{Cf}"<>:|?*;%\\]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const ext = extensionOf(cleaned);
  if (cleaned.length <= DOCUMENT_LIMITS.fileNameMax) return cleaned || 'file';
  const keep = DOCUMENT_LIMITS.fileNameMax - (ext ? ext.length + 1 : 0);
  return ext ? `${cleaned.slice(0, keep)}.${ext}` : cleaned.slice(0, keep);
}

const refuse = (message: string, detail: string) => fieldError('file', message, detail);

/** What the stored file is: its key, display name and content type. */
export type CheckedFile = { key: string; fileName: string; contentType: string; stream: Readable };

/**
 * Reads the first bytes of an upload, checks that the content is what the name says and is not a
 * program, and answers a stream of the whole file (those bytes, then the rest) with a generated key.
 */
export async function checkUpload(upload: { filename: string; file: Readable }): Promise<CheckedFile> {
  const fileName = safeFileName(upload.filename);
  const ext = canonical(extensionOf(fileName));
  if (EXECUTABLE_EXTENSIONS.has(ext)) {
    throw refuse(DOCUMENT_FILE_PROBLEMS.executable, 'Programs and scripts cannot be uploaded');
  }

  const iterator = upload.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const detected = await fileTypeFromBuffer(head);

  if (detected && EXECUTABLE_CONTENT.has(detected.ext)) {
    throw refuse(DOCUMENT_FILE_PROBLEMS.executable, 'Programs cannot be uploaded');
  }
  if (startsLikeScript(head) && !TEXT_TYPES[ext]) {
    throw refuse(DOCUMENT_FILE_PROBLEMS.executable, 'Scripts cannot be uploaded');
  }
  let contentType: string;
  if (detected) {
    const matches = canonical(detected.ext) === ext || (detected.ext === 'zip' && ZIP_BASED.has(ext)) || ext === '';
    if (!matches) {
      throw refuse(DOCUMENT_FILE_PROBLEMS.mismatch, `The file's content is ${detected.ext}, not ${ext || 'unnamed'}`);
    }
    contentType = detected.ext === 'zip' && ext !== 'zip' ? 'application/octet-stream' : detected.mime;
  } else {
    // Nothing recognised: fine for text formats, wrong for a format whose content would have been recognised.
    if ((supportedExtensions as ReadonlySet<string>).has(ext) && !TEXT_TYPES[ext]) {
      throw refuse(DOCUMENT_FILE_PROBLEMS.mismatch, `The file's content is not ${ext}`);
    }
    contentType = TEXT_TYPES[ext] ?? 'application/octet-stream';
  }

  const storedExt = (ext || detected?.ext || '').replace(/[^a-z0-9]/g, '').slice(0, 10);
  const key = storedExt ? `${randomUUID()}.${storedExt}` : randomUUID();
  async function* whole() {
    if (head.length) yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { key, fileName, contentType, stream: Readable.from(whole(), { objectMode: false }) };
}

/** A text file that starts with '#!' or '<?php' runs as a script on a server that serves it. */
const startsLikeScript = (head: Buffer) => {
  const start = head.subarray(0, 8).toString('latin1').trimStart();
  return start.startsWith('#!') || start.toLowerCase().startsWith('<?php');
};
