import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FeatureName, Role } from '@atrium/contracts';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { parse as parseDisposition } from 'content-disposition';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { type MalformedMultipart, malformedMultipart, multipart } from '../../../test/multipart.js';
import { withTenant } from '../../db/tenant-scope.js';

const API = '/core/api';
const DOCS: FeatureName[] = ['Documents'];
const TEXT = Buffer.from('Minutes of the board meeting\n');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
/** The start of a Windows program (MZ header with a PE signature). */
const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
})();
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

/** A tenant with Documents, its administrator and a user, signed in with it active. */
async function setUp(ctx: TestContext, features: FeatureName[] = DOCS) {
  const tenant = await ctx.factories.tenant({ features });
  const as = (roles: Role[]) => ctx.actor(roles, { tenants: [tenant.id], activeTenant: tenant.id });
  return { tenant, admin: await as(['TenantAdmin']), user: await as(['User']) };
}

async function createType(ctx: TestContext, auth: Headers, name = 'Policies', isShownOnSideMenu = false) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${API}/documenttypes`,
    headers: auth,
    payload: { name, isShownOnSideMenu },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string };
}

async function createDocument(ctx: TestContext, auth: Headers, documentTypeId: string, title = 'Handbook') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${API}/documents/postdocument`,
    headers: auth,
    payload: { title, documentTypeId },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const upload = (ctx: TestContext, auth: Headers, id: string, data: Buffer, name: string, method = 'POST') => {
  const body = multipart(data, name);
  return ctx.app.inject({
    method: method as 'POST',
    url: `${API}/documents/${id}/file`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
};

describe('document types (/core/api/documenttypes)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('seeds the system type, lists with search, sort and paging, and leaves system types out of nonsystem', async () => {
    const { admin } = await setUp(ctx);
    for (const name of ['Contracts', 'Agendas', 'Board minutes']) await createType(ctx, admin.auth, name);
    const all = await ctx.app.inject({ url: `${API}/documenttypes?sort=name&direction=asc`, headers: admin.auth });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((t: { name: string }) => t.name)).toEqual([
      'Agendas',
      'Board minutes',
      'Contracts',
      'General',
    ]);
    expect(all.json().data.find((t: { name: string }) => t.name === 'General').isSystem).toBe(true);

    const searched = await ctx.app.inject({ url: `${API}/documenttypes?search=MIN`, headers: admin.auth });
    expect(searched.json()).toMatchObject({ total: 1, data: [{ name: 'Board minutes' }] });
    const paged = await ctx.app.inject({
      url: `${API}/documenttypes?take=2&page=2&sort=name&direction=desc`,
      headers: admin.auth,
    });
    expect(paged.json()).toMatchObject({ total: 4, page: 2, take: 2 });
    expect(paged.json().data.map((t: { name: string }) => t.name)).toEqual(['Board minutes', 'Agendas']);

    const nonSystem = await ctx.app.inject({ url: `${API}/documenttypes/nonsystem`, headers: admin.auth });
    expect(nonSystem.json().data.map((t: { name: string }) => t.name)).toEqual([
      'Agendas',
      'Board minutes',
      'Contracts',
    ]);
  });

  it('updates a type, and refuses to delete a system type or one documents use (409)', async () => {
    const { admin } = await setUp(ctx);
    const type = await createType(ctx, admin.auth, 'Drafts');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${API}/documenttypes/${type.id}`,
      headers: admin.auth,
      payload: { id: type.id, name: 'Final drafts', isShownOnSideMenu: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Final drafts', isShownOnSideMenu: true });
    const one = await ctx.app.inject({ url: `${API}/documenttypes/${type.id}`, headers: admin.auth });
    expect(one.json().name).toBe('Final drafts');

    const list = await ctx.app.inject({ url: `${API}/documenttypes`, headers: admin.auth });
    const general = list.json().data.find((t: { isSystem: boolean }) => t.isSystem);
    const delSystem = await ctx.app.inject({
      method: 'DELETE',
      url: `${API}/documenttypes/${general.id}`,
      headers: admin.auth,
    });
    expect(delSystem.statusCode).toBe(409);
    expect(delSystem.headers['content-type']).toContain('application/problem+json');
    // A system type keeps its name (renamed, the next list would seed a second one); its flag changes.
    const rename = (name: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${API}/documenttypes/${general.id}`,
        headers: admin.auth,
        payload: { name, isShownOnSideMenu: true },
      });
    const renamed = await rename('Misc');
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toEqual([{ field: 'name', message: 'systemTypeName' }]);
    expect((await rename('General')).json()).toMatchObject({ name: 'General', isShownOnSideMenu: true });
    const again = await ctx.app.inject({ url: `${API}/documenttypes`, headers: admin.auth });
    expect(again.json().data.filter((t: { isSystem: boolean }) => t.isSystem)).toHaveLength(1);

    await createDocument(ctx, admin.auth, type.id);
    const inUse = await ctx.app.inject({
      method: 'DELETE',
      url: `${API}/documenttypes/${type.id}`,
      headers: admin.auth,
    });
    expect(inUse.statusCode).toBe(409);

    const spare = await createType(ctx, admin.auth, 'Spare');
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `${API}/documenttypes/${spare.id}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(204);
    const gone = await ctx.app.inject({ url: `${API}/documenttypes/${spare.id}`, headers: admin.auth });
    expect(gone.statusCode).toBe(404);
  });

  it('puts the types shown on the sidebar into the general data, and takes them out again', async () => {
    const { admin, user } = await setUp(ctx);
    const shown = await createType(ctx, admin.auth, 'Handbooks', true);
    await createType(ctx, admin.auth, 'Hidden', false);
    const agendas = await createType(ctx, admin.auth, 'agendas', true);
    const data = await ctx.app.inject({ url: `${API}/me/generaldata`, headers: user.auth });
    // By name whatever its case.
    expect(data.json().sideMenuDocumentTypes).toEqual([
      { id: agendas.id, name: 'agendas' },
      { id: shown.id, name: 'Handbooks' },
    ]);
    await ctx.app.inject({
      method: 'PUT',
      url: `${API}/documenttypes/${shown.id}`,
      headers: admin.auth,
      payload: { name: 'Handbooks', isShownOnSideMenu: false },
    });
    const after = await ctx.app.inject({ url: `${API}/me/generaldata`, headers: user.auth });
    expect(after.json().sideMenuDocumentTypes).toEqual([{ id: agendas.id, name: 'agendas' }]);
  });

  it('answers 400 naming the field for a missing name, and a mismatched id', async () => {
    const { admin } = await setUp(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/documenttypes`,
      headers: admin.auth,
      payload: { name: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'name', message: 'required' }]);
    const type = await createType(ctx, admin.auth, 'Mine');
    const other = await ctx.app.inject({
      method: 'PUT',
      url: `${API}/documenttypes/${type.id}`,
      headers: admin.auth,
      payload: { id: '00000000-0000-4000-8000-000000000000', name: 'X' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('keeps type names unique per tenant, ignoring case and spaces: 409 on the name field', async () => {
    const { admin } = await setUp(ctx);
    const other = await setUp(ctx);
    const first = await createType(ctx, admin.auth, 'Kontrakter æøå');
    const send = (method: 'POST' | 'PUT', url: string, name: string) =>
      ctx.app.inject({ method, url, headers: admin.auth, payload: { name, isShownOnSideMenu: false } });
    for (const name of ['Kontrakter æøå', '  KONTRAKTER ÆØÅ ', 'general']) {
      const res = await send('POST', `${API}/documenttypes`, name);
      expect(res.statusCode, name).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors, name).toEqual([{ field: 'name', message: 'documentTypeNameTaken' }]);
    }
    const second = await createType(ctx, admin.auth, 'Agreements');
    const renamed = await send('PUT', `${API}/documenttypes/${second.id}`, 'kontrakter ÆØÅ');
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toEqual([{ field: 'name', message: 'documentTypeNameTaken' }]);
    // Its own name, in another case, is no conflict; another tenant may use the name.
    expect((await send('PUT', `${API}/documenttypes/${first.id}`, 'KONTRAKTER æøå')).statusCode).toBe(200);
    await createType(ctx, other.admin.auth, 'Kontrakter æøå');

    // Two saves at once: the index refuses the second, with the same answer.
    const both = await Promise.all([
      send('POST', `${API}/documenttypes`, 'Minutes'),
      send('POST', `${API}/documenttypes`, 'minutes'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().errors).toEqual([
      { field: 'name', message: 'documentTypeNameTaken' },
    ]);
  });

  it('refuses users the admin routes, and everyone without the Documents feature (403)', async () => {
    const { user } = await setUp(ctx);
    expect((await ctx.app.inject({ url: `${API}/documenttypes`, headers: user.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `${API}/documenttypes/all`, headers: user.auth })).statusCode).toBe(200);
    const without = await setUp(ctx, ['News']);
    for (const url of ['/documenttypes', '/documenttypes/all', '/documents', '/folders/getfolders']) {
      const res = await ctx.app.inject({ url: `${API}${url}`, headers: without.admin.auth });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await ctx.app.inject({ url: `${API}/documenttypes` })).statusCode).toBe(401);
  });
});

// The same document flows on both storage adapters.
const backends: { name: string; env: () => Promise<{ env: Record<string, string>; close: () => Promise<void> }> }[] = [
  { name: 'local folder', env: async () => ({ env: {}, close: async () => {} }) },
  {
    name: 'S3',
    async env() {
      const dir = mkdtempSync(join(tmpdir(), 'atrium-s3rver-'));
      const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
      const { port } = await server.run();
      const endpoint = `http://127.0.0.1:${port}`;
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      await client.send(new CreateBucketCommand({ Bucket: 'atrium-docs' }));
      client.destroy();
      return {
        env: {
          S3_BUCKET: 'atrium-docs',
          S3_ENDPOINT: endpoint,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
        async close() {
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

for (const backend of backends) {
  describe(`documents (/core/api/documents) on ${backend.name} storage`, () => {
    let ctx: TestContext;
    let closeBackend: () => Promise<void>;
    beforeAll(async () => {
      const { env, close } = await backend.env();
      closeBackend = close;
      ctx = await createTestApp({ ...env, DOCUMENT_MAX_BYTES: String(256 * 1024) });
    }, 30_000);
    afterAll(async () => {
      await ctx.close();
      await closeBackend();
    });

    it('creates in two steps; no list shows the record before its file, and a refused upload removes it', async () => {
      const { admin, user } = await setUp(ctx);
      const type = await createType(ctx, admin.auth);
      const refused = await createDocument(ctx, user.auth, type.id, 'Staff handbook');
      const lists = async () => [
        (await ctx.app.inject({ url: `${API}/documents`, headers: admin.auth })).json().data,
        (await ctx.app.inject({ url: `${API}/documents/loadallfrom/${type.id}`, headers: user.auth })).json(),
      ];
      // Between the two steps the record is half-made: listed nowhere.
      expect(await lists()).toEqual([[], []]);

      // The upload is refused (content is not what the name says): the record goes with it.
      const bad = await upload(ctx, user.auth, refused, TEXT, 'handbook.pdf');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'file', message: 'fileTypeMismatch' }]);
      const gone = await ctx.app.inject({ url: `${API}/documents/loadOneDocument/${refused}`, headers: admin.auth });
      expect(gone.statusCode).toBe(404);
      expect(await lists()).toEqual([[], []]);

      const id = await createDocument(ctx, user.auth, type.id, 'Staff handbook');
      const ok = await upload(ctx, user.auth, id, PDF, 'Staff handbook.pdf');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        id,
        documentPath: `/core/api/documents/${id}/file`,
        fileName: 'Staff handbook.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
        documentTypeName: 'Policies',
      });
      const file = await ctx.app.inject({ url: `${API}/documents/${id}/file`, headers: user.auth });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('attachment; filename="Staff handbook.pdf"');
      expect(file.headers['x-content-type-options']).toBe('nosniff');

      // A user may not replace a file once there is one; an administrator may.
      expect((await upload(ctx, user.auth, id, PDF, 'again.pdf')).statusCode).toBe(403);
      expect((await upload(ctx, user.auth, id, PDF, 'again.pdf', 'PATCH')).statusCode).toBe(403);
      const replaced = await upload(ctx, admin.auth, id, TEXT, 'notes.txt', 'PATCH');
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({ fileName: 'notes.txt', contentType: 'text/plain' });
      const again = await ctx.app.inject({ url: `${API}/documents/${id}/file`, headers: admin.auth });
      expect(again.body).toBe(TEXT.toString());
    });

    it("does not let a user's upload replace a file that arrived while it came in", async () => {
      const { admin, user } = await setUp(ctx);
      const type = await createType(ctx, admin.auth);
      const id = await createDocument(ctx, admin.auth, type.id, 'Raced');
      // The user's upload starts while the document has no file, and its body is held back...
      const body = multipart(PDF, 'mine.pdf');
      const stream = new PassThrough();
      stream.write(body.payload.subarray(0, body.payload.length - 20));
      const mine = ctx.app.inject({
        method: 'POST',
        url: `${API}/documents/${id}/file`,
        headers: { ...user.auth, ...body.headers },
        payload: stream,
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // ...while the administrator's upload lands.
      expect((await upload(ctx, admin.auth, id, TEXT, 'theirs.txt')).statusCode).toBe(200);
      stream.end(body.payload.subarray(body.payload.length - 20));
      expect((await mine).statusCode).toBe(403);
      const file = await ctx.app.inject({ url: `${API}/documents/${id}/file`, headers: admin.auth });
      expect(file.body).toBe(TEXT.toString());
    });

    it('edits the record, lists by type and searches, sorts and pages', async () => {
      const { admin, user } = await setUp(ctx);
      const a = await createType(ctx, admin.auth, 'Manuals');
      const b = await createType(ctx, admin.auth, 'Forms');
      const first = await createDocument(ctx, admin.auth, a.id, 'Zebra crossing manual');
      const second = await createDocument(ctx, admin.auth, a.id, 'Alpha manual');
      const third = await createDocument(ctx, admin.auth, b.id, 'Leave form');
      for (const id of [first, second, third])
        expect((await upload(ctx, admin.auth, id, TEXT, 'a.txt')).statusCode).toBe(200);
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `${API}/documents/updatedocument`,
        headers: admin.auth,
        payload: { id: third, title: 'Holiday form', documentTypeId: b.id },
      });
      expect(patch.statusCode).toBe(200);
      expect(patch.json().title).toBe('Holiday form');

      const byTitle = await ctx.app.inject({ url: `${API}/documents?sort=title&direction=asc`, headers: admin.auth });
      expect(byTitle.json().data.map((d: { title: string }) => d.title)).toEqual([
        'Alpha manual',
        'Holiday form',
        'Zebra crossing manual',
      ]);
      const byUpdated = await ctx.app.inject({
        url: `${API}/documents?sort=updatedAt&direction=desc&take=1`,
        headers: admin.auth,
      });
      expect(byUpdated.json()).toMatchObject({ total: 3, data: [{ title: 'Holiday form' }] });
      const search = await ctx.app.inject({ url: `${API}/documents?search=MANUAL`, headers: admin.auth });
      expect(search.json().total).toBe(2);

      const sideList = await ctx.app.inject({ url: `${API}/documents/loadallfrom/${a.id}`, headers: user.auth });
      expect(sideList.json().map((d: { title: string }) => d.title)).toEqual(['Alpha manual', 'Zebra crossing manual']);
      const sameList = await ctx.app.inject({ url: `${API}/documenttypes/${a.id}/documents`, headers: user.auth });
      expect(sameList.json()).toEqual(sideList.json());
      const one = await ctx.app.inject({ url: `${API}/documents/loadOneDocument/${first}`, headers: admin.auth });
      expect(one.json()).toMatchObject({ id: first, title: 'Zebra crossing manual', documentTypeId: a.id });

      // A type of nobody's (or another tenant's) is a field error, not a foreign key failure.
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: `${API}/documents/postdocument`,
        headers: admin.auth,
        payload: { title: 'X', documentTypeId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ field: 'documentTypeId', message: 'notFound' }]);
      const missing = await ctx.app.inject({
        method: 'POST',
        url: `${API}/documents/postdocument`,
        headers: admin.auth,
        payload: {},
      });
      expect(
        missing
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['documentTypeId', 'title']);
    });

    it('deletes a document and its file', async () => {
      const { admin } = await setUp(ctx);
      const type = await createType(ctx, admin.auth);
      const id = await createDocument(ctx, admin.auth, type.id);
      expect((await upload(ctx, admin.auth, id, PDF, 'a.pdf')).statusCode).toBe(200);
      const del = await ctx.app.inject({ method: 'DELETE', url: `${API}/documents/${id}`, headers: admin.auth });
      expect(del.statusCode).toBe(204);
      expect((await ctx.app.inject({ url: `${API}/documents/${id}/file`, headers: admin.auth })).statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `${API}/documents/${id}`, headers: admin.auth })).statusCode,
      ).toBe(404);
    });

    it('answers 413 past DOCUMENT_MAX_BYTES and keeps the file it had', async () => {
      const { admin } = await setUp(ctx);
      const type = await createType(ctx, admin.auth);
      const id = await createDocument(ctx, admin.auth, type.id);
      expect((await upload(ctx, admin.auth, id, TEXT, 'keep.txt')).statusCode).toBe(200);
      const big = Buffer.alloc(256 * 1024 + 1, 0x61);
      const res = await upload(ctx, admin.auth, id, big, 'big.txt', 'PATCH');
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('fileTooLarge');
      const file = await ctx.app.inject({ url: `${API}/documents/${id}/file`, headers: admin.auth });
      expect(file.body).toBe(TEXT.toString());
      // Plainly too large by its Content-Length: refused before it is read.
      const huge = await upload(ctx, admin.auth, id, Buffer.alloc(400 * 1024, 0x61), 'huge.txt', 'PATCH');
      expect(huge.statusCode).toBe(413);
    });

    it('refuses programs and scripts, by content and by extension, and content that is not what the name says', async () => {
      const { admin } = await setUp(ctx);
      const type = await createType(ctx, admin.auth);
      const id = await createDocument(ctx, admin.auth, type.id);
      expect((await upload(ctx, admin.auth, id, TEXT, 'keep.txt')).statusCode).toBe(200);
      const cases: [Buffer, string, string][] = [
        [EXE, 'invoice.pdf', 'fileTypeRefused'],
        [EXE, 'setup.exe', 'fileTypeRefused'],
        [ELF, 'report.txt', 'fileTypeRefused'],
        [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'run.sh', 'fileTypeRefused'],
        [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'notes', 'fileTypeRefused'],
        [Buffer.from('<html><script>x</script></html>'), 'page.html', 'fileTypeRefused'],
        [Buffer.from('alert(1)'), 'tool.js', 'fileTypeRefused'],
        [PNG, 'photo.pdf', 'fileTypeMismatch'],
        [TEXT, 'photo.png', 'fileTypeMismatch'],
      ];
      for (const [data, name, message] of cases) {
        const res = await upload(ctx, admin.auth, id, data, name, 'PATCH');
        expect(res.statusCode, name).toBe(400);
        expect(res.json().errors, name).toEqual([{ field: 'file', message }]);
      }
      const file = await ctx.app.inject({ url: `${API}/documents/${id}/file`, headers: admin.auth });
      expect(file.body).toBe(TEXT.toString());
    });

    it('serves raster images inline and SVG only as a sandboxed attachment, under a sanitised name', async () => {
      const { admin, user } = await setUp(ctx);
      const type = await createType(ctx, admin.auth);
      const png = await createDocument(ctx, admin.auth, type.id, 'Logo');
      const up = await upload(ctx, admin.auth, png, PNG, '../../etc/lo\u0007go<>.png');
      expect(up.statusCode).toBe(200);
      expect(up.json().fileName).toBe('logo.png');
      const pngFile = await ctx.app.inject({ url: `${API}/documents/${png}/file`, headers: user.auth });
      expect(pngFile.headers['content-type']).toBe('image/png');
      expect(pngFile.headers['content-disposition']).toBe('inline; filename=logo.png');

      const svg = await createDocument(ctx, admin.auth, type.id, 'Drawing');
      expect((await upload(ctx, admin.auth, svg, SVG, 'drawing.svg')).statusCode).toBe(200);
      const svgFile = await ctx.app.inject({ url: `${API}/documents/${svg}/file`, headers: user.auth });
      expect(svgFile.statusCode).toBe(200);
      expect(parseDisposition(String(svgFile.headers['content-disposition']))).toEqual({
        type: 'attachment',
        parameters: { filename: 'drawing.svg' },
      });
      expect(svgFile.headers['content-security-policy']).toContain('sandbox');
      expect(svgFile.headers['content-security-policy']).toContain("default-src 'none'");
      expect(svgFile.headers['x-content-type-options']).toBe('nosniff');

      const unicode = await createDocument(ctx, admin.auth, type.id, 'Unicode');
      expect((await upload(ctx, admin.auth, unicode, TEXT, 'Referat æøå.txt')).statusCode).toBe(200);
      const u = await ctx.app.inject({ url: `${API}/documents/${unicode}/file`, headers: admin.auth });
      // An ASCII stand-in for old clients, and the real name (RFC 6266), which browsers prefer.
      expect(u.headers['content-disposition']).toContain('filename="Referat ???.txt"');
      expect(parseDisposition(String(u.headers['content-disposition'])).parameters.filename).toBe('Referat æøå.txt');
    });

    it('removes a new record when its first upload is too large, and sweeps records left a day without a file', async () => {
      const { admin, tenant } = await setUp(ctx);
      const type = await createType(ctx, admin.auth);
      const big = await createDocument(ctx, admin.auth, type.id, 'Too big');
      expect((await upload(ctx, admin.auth, big, Buffer.alloc(256 * 1024 + 1, 0x61), 'big.txt')).statusCode).toBe(413);
      const one = await ctx.app.inject({ url: `${API}/documents/loadOneDocument/${big}`, headers: admin.auth });
      expect(one.statusCode).toBe(404);

      const left = await createDocument(ctx, admin.auth, type.id, 'Left behind');
      const fresh = await createDocument(ctx, admin.auth, type.id, 'Still uploading');
      await withTenant(tenant.id, () =>
        ctx.db.execute(sql`update documents set created_at = now() - interval '25 hours' where id = ${left}`),
      );
      await createDocument(ctx, admin.auth, type.id, 'Next');
      const status = async (id: string) =>
        (await ctx.app.inject({ url: `${API}/documents/loadOneDocument/${id}`, headers: admin.auth })).statusCode;
      expect([await status(left), await status(fresh)]).toEqual([404, 200]);
    });

    it('answers 404 for a document without a file and refuses a body that is not multipart', async () => {
      const { admin } = await setUp(ctx);
      const type = await createType(ctx, admin.auth);
      const id = await createDocument(ctx, admin.auth, type.id);
      expect((await ctx.app.inject({ url: `${API}/documents/${id}/file`, headers: admin.auth })).statusCode).toBe(404);
      const json = await ctx.app.inject({
        method: 'POST',
        url: `${API}/documents/${id}/file`,
        headers: admin.auth,
        payload: { file: 'x' },
      });
      expect([400, 415]).toContain(json.statusCode);
      const unknown = await upload(ctx, admin.auth, '00000000-0000-4000-8000-000000000000', PDF, 'a.pdf');
      expect(unknown.statusCode).toBe(404);
    });
  });
}

describe('folders (/core/api/folders)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const post = async (auth: Headers, name: string, parentFolderId: string | null = null) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/folders/postfolder`,
      headers: auth,
      payload: { name, parentFolderId },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const move = (auth: Headers, id: string, name: string, parentFolder: string | null) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `${API}/folders/updateFolder`,
      headers: auth,
      payload: { id, name, parentFolder },
    });

  it('nests folders, offers every folder but itself and those below it, and refuses a cycle', async () => {
    const { admin } = await setUp(ctx);
    const root = await post(admin.auth, 'Company');
    const hr = await post(admin.auth, 'HR', root);
    const contracts = await post(admin.auth, 'Contracts', hr);
    const other = await post(admin.auth, 'Marketing');

    const all = await ctx.app.inject({ url: `${API}/folders/getfolders`, headers: admin.auth });
    expect(all.json().map((f: { name: string }) => f.name)).toEqual(['Company', 'Contracts', 'HR', 'Marketing']);
    expect(all.json().find((f: { id: string }) => f.id === contracts)).toMatchObject({
      parentFolderId: hr,
      parentFolderName: 'HR',
    });

    const except = await ctx.app.inject({ url: `${API}/folders/getfoldersExcept/${hr}`, headers: admin.auth });
    expect(
      except
        .json()
        .map((f: { id: string }) => f.id)
        .sort(),
    ).toEqual([root, other].sort());

    for (const target of [hr, contracts]) {
      const res = await move(admin.auth, hr, 'HR', target);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'parentFolder', message: 'folderCycle' }]);
    }
    const ok = await move(admin.auth, hr, 'People', other);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'People', parentFolderId: other, parentFolderName: 'Marketing' });
    const one = await ctx.app.inject({ url: `${API}/folders/loadOneFolder/${hr}`, headers: admin.auth });
    expect(one.json()).toMatchObject({ name: 'People', parentFolderId: other });
  });

  it('deletes a folder and moves its subfolders to the top', async () => {
    const { admin } = await setUp(ctx);
    const parent = await post(admin.auth, 'Old');
    const child = await post(admin.auth, 'Child', parent);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `${API}/folders/deleteFolder/${parent}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(204);
    const one = await ctx.app.inject({ url: `${API}/folders/loadOneFolder/${child}`, headers: admin.auth });
    expect(one.json().parentFolderId).toBeNull();
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `${API}/folders/deleteFolder/${parent}`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 400 for a missing name or an unknown parent, and 403 to users', async () => {
    const { admin, user } = await setUp(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/folders/postfolder`,
      headers: admin.auth,
      payload: {},
    });
    expect(res.json().errors).toEqual([{ field: 'name', message: 'required' }]);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `${API}/folders/postfolder`,
      headers: admin.auth,
      payload: { name: 'X', parentFolderId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.json().errors).toEqual([{ field: 'parentFolderId', message: 'notFound' }]);
    expect((await ctx.app.inject({ url: `${API}/folders/getfolders`, headers: user.auth })).statusCode).toBe(403);
  });
});

/* Tenant isolation: every id of tenant B refused on every verb. */

const inB = <T>(tenantId: string, fn: () => Promise<T>) => withTenant(tenantId, fn);
const typeInB = (ctx: TestContext, tenantId: string) =>
  inB(tenantId, () =>
    ctx.app.services.documents.createType(tenantId, { name: 'Secret type of B', isShownOnSideMenu: true }),
  );
const documentInB = async (ctx: TestContext, tenantId: string) => {
  const type = await typeInB(ctx, tenantId);
  return inB(tenantId, () =>
    ctx.app.services.documents.createDocument(tenantId, { title: 'Secret memo of B', documentTypeId: type.id }),
  );
};
const folderInB = (ctx: TestContext, tenantId: string) =>
  inB(tenantId, () =>
    ctx.app.services.documents.createFolder(tenantId, { name: 'Secret folder of B', parentFolderId: null }),
  );

const withSecret =
  (make: (ctx: TestContext, tenantId: string) => Promise<{ id: string }>, secret: string) =>
  async (ctx: TestContext, tenantId: string) => ({ id: (await make(ctx, tenantId)).id, secret });

describeTenantIsolation(
  [
    {
      name: 'GET /documenttypes/:id',
      method: 'GET' as const,
      url: (id: string) => `${API}/documenttypes/${id}`,
      createInTenantB: withSecret(typeInB, 'Secret type'),
    },
    {
      name: 'PUT /documenttypes/:id',
      method: 'PUT' as const,
      url: (id: string) => `${API}/documenttypes/${id}`,
      payload: () => ({ name: 'Taken over', isShownOnSideMenu: false }),
      createInTenantB: withSecret(typeInB, 'Secret type'),
    },
    {
      name: 'DELETE /documenttypes/:id',
      method: 'DELETE' as const,
      url: (id: string) => `${API}/documenttypes/${id}`,
      createInTenantB: withSecret(typeInB, 'Secret type'),
    },
    {
      name: 'GET /documenttypes/:id/documents',
      method: 'GET' as const,
      url: (id: string) => `${API}/documenttypes/${id}/documents`,
      createInTenantB: withSecret(typeInB, 'Secret type'),
    },
    {
      name: 'GET /documents/loadallfrom/:id',
      method: 'GET' as const,
      url: (id: string) => `${API}/documents/loadallfrom/${id}`,
      createInTenantB: withSecret(typeInB, 'Secret type'),
    },
    {
      name: 'GET /documenttypes',
      method: 'GET' as const,
      url: () => `${API}/documenttypes`,
      list: true,
      createInTenantB: withSecret(typeInB, 'Secret type'),
    },
    {
      name: 'GET /documenttypes/nonsystem',
      method: 'GET' as const,
      url: () => `${API}/documenttypes/nonsystem`,
      list: true,
      createInTenantB: withSecret(typeInB, 'Secret type'),
    },
    {
      name: 'GET /documenttypes/all',
      method: 'GET' as const,
      url: () => `${API}/documenttypes/all`,
      list: true,
      createInTenantB: withSecret(typeInB, 'Secret type'),
    },
    {
      name: 'GET /me/generaldata (side menu types)',
      method: 'GET' as const,
      url: () => `${API}/me/generaldata`,
      list: true,
      createInTenantB: withSecret(typeInB, 'Secret type'),
    },
    {
      name: 'GET /documents/loadOneDocument/:id',
      method: 'GET' as const,
      url: (id: string) => `${API}/documents/loadOneDocument/${id}`,
      createInTenantB: withSecret(documentInB, 'Secret memo'),
    },
    {
      name: 'GET /documents',
      method: 'GET' as const,
      url: () => `${API}/documents`,
      list: true,
      createInTenantB: withSecret(documentInB, 'Secret memo'),
    },
    {
      name: 'PATCH /documents/updatedocument',
      method: 'PATCH' as const,
      url: () => `${API}/documents/updatedocument`,
      payload: (id: string) => ({ id, title: 'Taken over', documentTypeId: id }),
      createInTenantB: withSecret(documentInB, 'Secret memo'),
    },
    {
      name: 'DELETE /documents/:id',
      method: 'DELETE' as const,
      url: (id: string) => `${API}/documents/${id}`,
      createInTenantB: withSecret(documentInB, 'Secret memo'),
    },
    {
      name: 'GET /documents/:id/file',
      method: 'GET' as const,
      url: (id: string) => `${API}/documents/${id}/file`,
      createInTenantB: withSecret(documentInB, 'Secret memo'),
    },
    {
      name: 'POST /documents/:id/file',
      method: 'POST' as const,
      url: (id: string) => `${API}/documents/${id}/file`,
      createInTenantB: withSecret(documentInB, 'Secret memo'),
    },
    {
      name: 'PATCH /documents/:id/file',
      method: 'PATCH' as const,
      url: (id: string) => `${API}/documents/${id}/file`,
      createInTenantB: withSecret(documentInB, 'Secret memo'),
    },
    {
      name: 'GET /folders/getfolders',
      method: 'GET' as const,
      url: () => `${API}/folders/getfolders`,
      list: true,
      createInTenantB: withSecret(folderInB, 'Secret folder'),
    },
    {
      name: 'GET /folders/getfoldersExcept/:id',
      method: 'GET' as const,
      url: (id: string) => `${API}/folders/getfoldersExcept/${id}`,
      createInTenantB: withSecret(folderInB, 'Secret folder'),
    },
    {
      name: 'GET /folders/loadOneFolder/:id',
      method: 'GET' as const,
      url: (id: string) => `${API}/folders/loadOneFolder/${id}`,
      createInTenantB: withSecret(folderInB, 'Secret folder'),
    },
    {
      name: 'PATCH /folders/updateFolder',
      method: 'PATCH' as const,
      url: () => `${API}/folders/updateFolder`,
      payload: (id: string) => ({ id, name: 'Taken over', parentFolder: null }),
      createInTenantB: withSecret(folderInB, 'Secret folder'),
    },
    {
      name: 'DELETE /folders/deleteFolder/:id',
      method: 'DELETE' as const,
      url: (id: string) => `${API}/folders/deleteFolder/${id}`,
      createInTenantB: withSecret(folderInB, 'Secret folder'),
    },
  ].map((c) => ({ ...c, features: DOCS })),
);

describe('malformed multipart on the document file routes', () => {
  let ctx: TestContext;
  let auth: Headers;
  let id: string;
  let typeId: string;
  beforeAll(async () => {
    ctx = await createTestApp({ DOCUMENT_MAX_BYTES: String(1024 * 1024) });
    const { admin } = await setUp(ctx);
    auth = admin.auth;
    typeId = (await createType(ctx, auth)).id;
  });
  afterAll(() => ctx.close());

  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const cases: MalformedMultipart[] = [
    ...malformedMultipart(part),
    {
      name: 'an unterminated large body',
      type: 'multipart/form-data; boundary=X',
      body: `${part('X')}${'a'.repeat(100_000)}`,
      status: [400],
    },
    {
      name: 'a part too large',
      type: 'multipart/form-data; boundary=X',
      body: Buffer.concat([Buffer.from(part('X')), Buffer.alloc(2 * 1024 * 1024, 0x61), Buffer.from('\r\n--X--\r\n')]),
      status: [413],
    },
  ];

  for (const c of cases) {
    it(`answers ${c.name} with ${c.status.join(' or ')}, never a 5xx`, async () => {
      for (const method of ['POST', 'PATCH'] as const) {
        // A refused first upload removes its record: each try gets one of its own.
        id = await createDocument(ctx, auth, typeId);
        const res = await ctx.app.inject({
          method,
          url: `${API}/documents/${id}/file`,
          headers: { ...auth, 'content-type': c.type },
          payload: c.body,
        });
        expect({ method, status: res.statusCode }).toEqual({ method, status: expect.toBeOneOf(c.status) });
        if (res.statusCode >= 400) expect(res.headers['content-type']).toContain('application/problem+json');
      }
    });
  }
});
