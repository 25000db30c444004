/**
 * A real 1 x 1 PNG (the image checks read its header), with two bytes after its end that every reader
 * ignores: 72 bytes, the size the media tests' upload volumes are counted in.
 */
export const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.alloc(2),
]);

/** A real 1 x 1 JPEG. */
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAAD//Z',
  'base64',
);

/** A multipart/form-data body with one file in the field `file`, as browsers send uploads. */
export function multipart(data: Buffer, filename: string, type = 'application/octet-stream') {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A malformed upload and the statuses it may be answered with. */
export type MalformedMultipart = { name: string; type: string; body: string | Buffer; status: number[] };

/**
 * The malformed multipart bodies every upload route refuses, `part` opening a file part of the
 * route's kind under a boundary; each suite adds the cases of its own size limits.
 */
export const malformedMultipart = (part: (boundary: string) => string): MalformedMultipart[] => [
  { name: 'no boundary', type: 'multipart/form-data', body: `${part('X')}abc\r\n--X--\r\n`, status: [400] },
  { name: 'an empty boundary', type: 'multipart/form-data; boundary=', body: 'abc', status: [400] },
  { name: 'an unterminated body', type: 'multipart/form-data; boundary=X', body: `${part('X')}abc`, status: [400] },
  { name: 'no parts at all', type: 'multipart/form-data; boundary=X', body: 'garbage', status: [400] },
  { name: 'an empty body', type: 'multipart/form-data; boundary=X', body: '', status: [400] },
  {
    name: 'too many parts',
    type: 'multipart/form-data; boundary=X',
    body: `${part('X')}a\r\n${part('X')}b\r\n${part('X')}c\r\n--X--\r\n`,
    status: [400],
  },
  {
    name: 'a field instead of a file',
    type: 'multipart/form-data; boundary=X',
    body: '--X\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--X--\r\n',
    status: [400],
  },
  { name: 'the wrong content type', type: 'application/xml', body: '<a/>', status: [415] },
  { name: 'a multipart type of another kind', type: 'multipart/mixed; boundary=X', body: 'x', status: [400, 415] },
];
