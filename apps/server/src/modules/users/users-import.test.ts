import { createRequire } from 'node:module';
import { USER_LIMITS } from '@atrium/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { parseCsv, XLSX_MAX_UNPACKED_BYTES } from './import-file.js';

/** The zip library ExcelJS writes with, to rework workbooks the way a crafted upload would. */
type Zip = {
  file(name: string): { async(type: 'string'): Promise<string> } | null;
  file(name: string, data: string | Buffer): Zip;
  generateAsync(options: { type: 'nodebuffer'; compression: 'DEFLATE' }): Promise<Buffer>;
};
const JSZip = createRequire(createRequire(import.meta.url).resolve('exceljs'))('jszip') as {
  loadAsync(data: Buffer): Promise<Zip>;
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const uniq = () => Math.random().toString(36).slice(2, 8);

const preview = (auth: Headers, data: Buffer, filename = 'users.csv') => {
  const m = multipart(data, filename);
  return ctx.app.inject({
    method: 'POST',
    url: '/core/api/users/import',
    headers: { ...auth, ...m.headers },
    payload: m.payload,
  });
};
const confirm = (auth: Headers, rows: unknown[]) =>
  ctx.app.inject({ method: 'POST', url: '/core/api/users/import/confirm', headers: auth, payload: { rows } });
const list = async (auth: Headers, search: string) =>
  (await ctx.app.inject({ url: `/core/api/users?search=${search}`, headers: auth })).json();

async function adminWithGroups() {
  const tenant = await ctx.factories.tenant();
  await ctx.factories.userGroup(tenant.id, 'Sales');
  await ctx.factories.userGroup(tenant.id, 'Support');
  const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
  return { tenant, admin };
}

async function xlsx(rows: (string | { text: string; hyperlink: string })[][]) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Users');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, embedded delimiters and newlines, CRLF and LF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z', ',')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', 'z'],
    ]);
    expect(() => parseCsv('a,"open', ',')).toThrow();
  });
});

describe('POST /core/api/users/import (preview)', () => {
  it('reports each row’s problems: bad email, duplicate in file, existing account, unknown group and role', async () => {
    const { admin } = await adminWithGroups();
    const existing = await ctx.factories.user();
    const t = uniq();
    const csv = [
      'Name;Surname;Email;Role;Groups;Language',
      `Ann;One;ann-${t}@example.test;admin;Sales, Support;da`,
      `Bob;Two;not-an-email;user;;`,
      `Cy;Three;dup-${t}@example.test;;;`,
      `Di;Four;DUP-${t}@example.test;;;`,
      `Ed;Five;${existing.email};;;`,
      `Fay;Six;fay-${t}@example.test;owner;Marketing;xx`,
      ';;;;;',
      `;Seven;gus-${t}@example.test;;;`,
    ].join('\r\n');
    const res = await preview(admin.auth, Buffer.from(`\uFEFF${csv}`));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ valid: 1, invalid: 6 });
    const errorsOf = (line: number) => body.rows.find((r: { line: number }) => r.line === line).errors;
    expect(body.rows[0]).toMatchObject({
      line: 2,
      name: 'Ann',
      groups: ['Sales', 'Support'],
      language: 'da',
      errors: [],
    });
    expect(errorsOf(3)).toEqual([{ field: 'email', message: 'invalidEmail' }]);
    expect(errorsOf(4)).toEqual([{ field: 'email', message: 'duplicateInFile' }]);
    expect(errorsOf(5)).toEqual([{ field: 'email', message: 'duplicateInFile' }]);
    expect(errorsOf(6)).toEqual([{ field: 'email', message: 'emailTaken' }]);
    expect(errorsOf(7)).toEqual([
      { field: 'role', message: 'unknownRole' },
      { field: 'groups.0', message: 'unknownGroup' },
      { field: 'language', message: 'unknownLanguage' },
    ]);
    // The empty line 8 is skipped; line 9 has no name.
    expect(errorsOf(9)).toEqual([{ field: 'name', message: 'required' }]);
    // A preview writes nothing.
    expect((await list(admin.auth, t)).total).toBe(0);
  });

  it('checks an optional password column with the one password rule, against each row’s email', async () => {
    const { admin } = await adminWithGroups();
    const t = uniq();
    const csv = [
      'Name,Email,Password',
      `Ola,ola-${t}@example.test,password1`,
      `Pia,pia-${t}@example.test,My-PIA-${t.toUpperCase()}-pass`,
      `Rut,rut-${t}@example.test,"          "`,
      `Sam,sam-${t}@example.test,short`,
      `Tor,tor-${t}@example.test,Quiet-river-stone-4`,
      `Uma,uma-${t}@example.test,`,
    ].join('\n');
    const res = await preview(admin.auth, Buffer.from(csv));
    expect(res.statusCode).toBe(200);
    const errorsOf = (name: string) => res.json().rows.find((r: { name: string }) => r.name === name).errors;
    expect(errorsOf('Ola')).toEqual([{ field: 'password', message: 'passwordTooCommon' }]);
    expect(errorsOf('Pia')).toEqual([{ field: 'password', message: 'passwordContainsEmail' }]);
    expect(errorsOf('Rut')).toEqual([{ field: 'password', message: 'passwordBlank' }]);
    expect(errorsOf('Sam')).toEqual([{ field: 'password', message: 'passwordTooShort' }]);
    expect(errorsOf('Tor')).toEqual([]);
    // An empty cell: no password (the user signs in through a reset link or single sign-on).
    expect(errorsOf('Uma')).toEqual([]);
    expect(res.json()).toMatchObject({ valid: 2, invalid: 4 });
  });

  it('reads an xlsx workbook, including emails stored as hyperlinks', async () => {
    const { admin } = await adminWithGroups();
    const t = uniq();
    const data = await xlsx([
      ['First name', 'Last name', 'E-mail', 'Groups'],
      ['Hal', 'Link', { text: `hal-${t}@example.test`, hyperlink: `mailto:hal-${t}@example.test` }, 'support'],
      ['Ivy', 'Plain', `ivy-${t}@example.test`, ''],
    ]);
    const res = await preview(admin.auth, data, 'users.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: 2, invalid: 0 });
    expect(res.json().rows[0]).toMatchObject({ email: `hal-${t}@example.test`, groups: ['support'] });
  });

  it('refuses files that are not xlsx or CSV, lack columns, or have no rows', async () => {
    const { admin } = await adminWithGroups();
    const cases: [Buffer, string][] = [
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x00]), 'unsupportedFile'],
      [Buffer.from('PK\u0003\u0004 not really a zip'), 'invalidXlsx'],
      [Buffer.from('Name,Surname\nAnn,One'), 'missingColumn.email'],
      [Buffer.from('Name,Email\n'), 'nothingToImport'],
      [Buffer.from(''), 'nothingToImport'],
    ];
    for (const [data, message] of cases) {
      const res = await preview(admin.auth, data);
      expect({ message, status: res.statusCode }).toEqual({ message, status: 400 });
      expect(res.json().errors).toEqual([{ field: 'file', message }]);
    }
    const many = `Name,Email\n${Array.from({ length: 5001 }, (_, i) => `U${i},u${i}@example.test`).join('\n')}`;
    expect((await preview(admin.auth, Buffer.from(many))).json().errors).toEqual([
      { field: 'file', message: 'tooManyRows' },
    ]);
  });

  it('stops reading an xlsx at the row limit: a sheet too long is refused without being read to its end', async () => {
    const { admin } = await adminWithGroups();
    const rows = Array.from({ length: USER_LIMITS.importMaxRows + 3000 }, (_, i) => [`U${i}`, `u${i}@example.test`]);
    const zip = await JSZip.loadAsync(await xlsx([['Name', 'Email'], ...rows]));
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    // Past the last row the sheet is broken: only a reader that goes on that far would notice.
    zip.file('xl/worksheets/sheet1.xml', sheet.replace('</sheetData>', '<row r="999999"><c></sheetData>'));
    const res = await preview(admin.auth, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'file', message: 'tooManyRows' }]);
    // Broken within the rows it reads, it is refused as unreadable.
    zip.file('xl/worksheets/sheet1.xml', sheet.replace('<row r="3"', '<row r="3"><c>'));
    const broken = await preview(admin.auth, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expect(broken.json().errors).toEqual([{ field: 'file', message: 'invalidXlsx' }]);
  });

  it('refuses an xlsx that unpacks to more than the limit (a zip bomb)', async () => {
    const { admin } = await adminWithGroups();
    const zip = await JSZip.loadAsync(
      await xlsx([
        ['Name', 'Email'],
        ['Ann', `ann-${uniq()}@example.test`],
      ]),
    );
    zip.file('xl/media/padding.bin', Buffer.alloc(XLSX_MAX_UNPACKED_BYTES + 1));
    const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(data.length).toBeLessThan(USER_LIMITS.importMaxBytes);
    const res = await preview(admin.auth, data, 'users.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'file', message: 'unpacksTooLarge' }]);
  });

  it('keeps letters such as æ, ø and å whole wherever they fall in the streamed workbook', async () => {
    const { admin } = await adminWithGroups();
    const t = uniq();
    // Mostly two-byte letters, so the reader's chunks surely end inside some of them.
    const name = (i: number) => `${'Æø'.repeat(10)} ${i}`;
    const surname = (i: number) => `${'åØ'.repeat(10)} ${i}`;
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Users');
    sheet.addRow(['Name', 'Surname', 'Email']);
    for (let i = 0; i < 4000; i++) sheet.addRow([name(i), surname(i), `u${i}-${t}@example.test`]);
    const shared = Buffer.from(await wb.xlsx.writeBuffer());
    // The same workbook with the text inline in the sheet, as some tools write it.
    const zip = await JSZip.loadAsync(shared);
    const strings = [
      ...(await zip.file('xl/sharedStrings.xml')!.async('string')).matchAll(/<si><t[^>]*>([^<]*)<\/t><\/si>/g),
    ].map((m) => m[1]);
    const cells = (await zip.file('xl/worksheets/sheet1.xml')!.async('string')).replace(
      /<c r="([A-Z]+\d+)" t="s"><v>(\d+)<\/v><\/c>/g,
      (_, ref, i) => `<c r="${ref}" t="inlineStr"><is><t>${strings[Number(i)]}</t></is></c>`,
    );
    expect(cells).toContain('t="inlineStr"');
    zip.file('xl/worksheets/sheet1.xml', cells);
    const inline = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    for (const data of [shared, inline]) {
      const res = await preview(admin.auth, data, 'users.xlsx');
      expect(res.statusCode).toBe(200);
      const read = res.json().rows as { line: number; name: string; surname: string }[];
      expect(read).toHaveLength(4000);
      expect(read.filter((r, i) => r.name !== name(i) || r.surname !== surname(i))).toEqual([]);
      expect(read.at(-1)!.line).toBe(4001);
    }
  });

  it('is for tenant and super administrators with an active tenant', async () => {
    const t = await ctx.factories.tenant();
    const user = await ctx.actor(['User'], { tenants: [t.id], activeTenant: t.id });
    expect((await preview(user.auth, Buffer.from('Name,Email\nA,a@b.test'))).statusCode).toBe(403);
    const lost = await ctx.actor(['TenantAdmin']);
    expect((await preview(lost.auth, Buffer.from('Name,Email\nA,a@b.test'))).json().code).toBe('noActiveTenant');
  });
});

describe('POST /core/api/users/import/confirm', () => {
  it('creates every previewed user in the active tenant with role, groups and language', async () => {
    const { tenant, admin } = await adminWithGroups();
    const t = uniq();
    const csv = `Name,Surname,Email,Role,Groups,Language\nJo,Ok,jo-${t}@example.test,admin,Sales,da\nKim,Ok,kim-${t}@example.test,,,`;
    const rows = (await preview(admin.auth, Buffer.from(csv))).json().rows;
    const res = await confirm(admin.auth, rows);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 2 });
    const found = await list(admin.auth, t);
    expect(found.total).toBe(2);
    const jo = found.data.find((u: { name: string }) => u.name === 'Jo');
    expect(jo).toMatchObject({ rolesNames: ['TenantAdmin'], groupsNames: ['Sales'] });
    const detail = (await ctx.app.inject({ url: `/core/api/users/${jo.id}`, headers: admin.auth })).json();
    expect(detail).toMatchObject({ language: 'da', tenantIds: [tenant.id] });
  });

  it('gives an imported user the file’s password, checked again on confirm', async () => {
    const { admin } = await adminWithGroups();
    const t = uniq();
    const row = { line: 2, name: 'Vera', surname: '', role: '', groups: [], language: '' };
    const refused = await confirm(admin.auth, [{ ...row, email: `vera-${t}@example.test`, password: 'letmein123' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'rows.0.password', message: 'passwordTooCommon' }]);
    expect((await list(admin.auth, t)).total).toBe(0);

    const email = `vera-${t}@example.test`;
    const res = await confirm(admin.auth, [{ ...row, email, password: 'Quiet-river-stone-4' }]);
    expect(res.json()).toEqual({ created: 1 });
    expect((await ctx.signIn(email, 'Quiet-river-stone-4')).user.email).toBe(email);
  });

  it('never answers the file’s passwords: the preview says which rows have one, and confirm takes them sealed', async () => {
    const { admin, tenant } = await adminWithGroups();
    const t = uniq();
    const secret = 'Amber-harbour-lantern-7';
    const csv = ['name,email,password', `Kai,kai-${t}@example.test,${secret}`, `Lea,lea-${t}@example.test,`].join('\n');
    const res = await preview(admin.auth, Buffer.from(csv));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    const body = res.json();
    expect(body.rows.map((r: { name: string; hasPassword: boolean }) => [r.name, r.hasPassword])).toEqual([
      ['Kai', true],
      ['Lea', false],
    ]);
    for (const row of body.rows) expect(row).not.toHaveProperty('password');
    expect(body.passwords).toEqual(expect.any(String));

    // Confirm with the rows as previewed and the sealed passwords: Kai signs in with the file's password.
    const rows = body.rows.map(({ errors: _e, hasPassword: _h, ...row }: Record<string, unknown>) => row);
    const sealed = (passwords: unknown, auth = admin.auth) =>
      ctx.app.inject({
        method: 'POST',
        url: '/core/api/users/import/confirm',
        headers: auth,
        payload: { rows, passwords },
      });
    // Tampered, or for another administrator: refused, nothing written.
    const tampered = `${body.passwords.slice(0, -2)}${body.passwords.endsWith('A') ? 'B' : 'A'}A`;
    expect((await sealed(tampered)).json().errors).toEqual([{ field: 'passwords', message: 'importExpired' }]);
    const other = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    expect((await sealed(body.passwords, other.auth)).json().errors).toEqual([
      { field: 'passwords', message: 'importExpired' },
    ]);
    expect((await list(admin.auth, t)).total).toBe(0);

    expect((await sealed(body.passwords)).json()).toEqual({ created: 2 });
    expect((await ctx.signIn(`kai-${t}@example.test`, secret)).user.email).toBe(`kai-${t}@example.test`);
  });

  it('writes nothing when any row is wrong, answering each problem by row', async () => {
    const { admin } = await adminWithGroups();
    const t = uniq();
    const rows = [
      { line: 2, name: 'Lu', surname: '', email: `lu-${t}@example.test`, role: '', groups: [], language: '' },
      { line: 3, name: 'Mo', surname: '', email: 'broken', role: '', groups: ['Nope'], language: '' },
    ];
    const res = await confirm(admin.auth, rows);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'rows.1.email', message: 'invalidEmail' },
      { field: 'rows.1.groups.0', message: 'unknownGroup' },
    ]);
    expect((await list(admin.auth, t)).total).toBe(0);
  });

  it('rolls everything back when the partner tenant’s user limit is reached part way', async () => {
    const partner = await ctx.factories.tenant({ isPartnerTenant: true, maxUsersCanCreate: 2 });
    const child = await ctx.factories.tenant({ partnerTenantId: partner.id });
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [child.id], activeTenant: child.id });
    const t = uniq();
    const rows = ['a', 'b'].map((n, i) => ({
      line: i + 2,
      name: n,
      surname: '',
      email: `${n}-${t}@example.test`,
      role: '',
      groups: [],
      language: '',
    }));
    const res = await confirm(admin.auth, rows);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('quotaExceeded');
    expect((await list(admin.auth, t)).total).toBe(0);
  });

  it('refuses an empty import', async () => {
    const { admin } = await adminWithGroups();
    expect((await confirm(admin.auth, [])).json().errors).toEqual([{ field: 'rows', message: 'nothingToImport' }]);
  });
});

describe('GET /core/api/users/export', () => {
  it('answers an xlsx of the active tenant’s live users in the import’s columns, and it imports back', async () => {
    const { tenant, admin } = await adminWithGroups();
    const other = await ctx.factories.tenant();
    const t = uniq();
    await ctx.factories.user({ name: 'Zed', surname: t, email: `zed-${t}@example.test`, tenantIds: [tenant.id] });
    await ctx.factories.user({ name: 'Gone', surname: t, tenantIds: [tenant.id], deletedAt: new Date() });
    await ctx.factories.user({ name: 'Outsider', surname: t, tenantIds: [other.id] });
    const res = await ctx.app.inject({ url: '/core/api/users/export', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const values = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(values[0]).toEqual([
      'Name',
      'Surname',
      'Email',
      'Role',
      'Groups',
      'Language',
      'Title',
      'Phone',
      'Team',
      'Department',
    ]);
    const names = values.slice(1).map((r) => r[0]);
    expect(names).toContain('Zed');
    expect(names).toContain('Test'); // the admin
    expect(names).not.toContain('Gone');
    expect(names).not.toContain('Outsider');
    // Imported into another tenant, every row is reported as an existing account.
    const again = await preview(admin.auth, res.rawPayload, 'users.xlsx');
    expect(
      again.json().rows.every((r: { errors: { message: string }[] }) => r.errors[0]?.message === 'emailTaken'),
    ).toBe(true);
  });

  it('is refused to users and needs an active tenant', async () => {
    const t = await ctx.factories.tenant();
    const user = await ctx.actor(['User'], { tenants: [t.id], activeTenant: t.id });
    expect((await ctx.app.inject({ url: '/core/api/users/export', headers: user.auth })).statusCode).toBe(403);
    const su = await ctx.actor(['Superadmin']);
    expect((await ctx.app.inject({ url: '/core/api/users/export', headers: su.auth })).json().code).toBe(
      'noActiveTenant',
    );
  });
});
