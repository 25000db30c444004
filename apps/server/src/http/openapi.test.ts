import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { operationIdOf } from './openapi.js';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };
type Operation = {
  operationId: string;
  tags?: string[];
  security?: object[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; content?: object }>;
};
type Document = {
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, { content: Record<string, unknown> }> };
};

describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let doc: Document;
  const operations: [string, string, Operation][] = [];
  const op = (method: string, path: string) => doc.paths[path]![method]!;
  const param = (operation: Operation, name: string) => operation.parameters!.find((p) => p.name === name)!.schema;
  const jsonBody = (operation: Operation) => operation.requestBody!.content['application/json']!.schema;

  beforeAll(async () => {
    ctx = await createTestApp();
    doc = (await ctx.app.inject({ url: '/core/api/openapi.json' })).json();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) operations.push([method, path, operation]);
    }
  });
  afterAll(() => ctx.close());

  it('gives every operation a unique operationId usable as a method name, its tag and its security', () => {
    const ids = operations.map(([, , o]) => o.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const [method, path, operation] of operations) {
      expect(operation.operationId, path).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/);
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      expect(operation.security, `${method} ${path}`).toBeDefined();
    }
    expect(op('post', '/auth/login').security).toEqual([]);
    expect(op('get', '/users').security).toEqual([{ bearer: [] }]);
    expect(operationIdOf('GET', '/core/api/tenants/forimpersonator/:userId')).toBe('getTenantsForimpersonatorByUserId');
    expect(operationIdOf('GET', '/core/api/audit/export.csv')).toBe('getAuditExportCsv');
  });

  it("describes every tag, from its module's entry in modules/index.ts", () => {
    const used = new Set(operations.flatMap(([, , o]) => o.tags ?? []));
    expect(doc.tags.map((t) => t.name).sort()).toEqual([...used].sort());
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\S/);
    expect(doc.tags.find((t) => t.name === 'folders')?.description).toBe('Document folders.');
  });

  it('documents the problem+json answers each operation can give', () => {
    for (const [method, path, operation] of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses.filter((s) => s.startsWith('4')).length, `${method} ${path}`).toBeGreaterThan(0);
      if (operation.security?.length)
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
      if (path.includes('{')) expect(statuses, `${method} ${path}`).toContain('404');
    }
    expect(doc.components.responses.BadRequest!.content).toEqual({
      'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
    });
    expect(Object.keys(op('post', '/auth/login').responses)).toEqual(['200', '400', '401', '403', '413', '415', '429']);
    expect(op('post', '/auth/forgotpassword').responses['429']).toBeDefined();
    // A body that names a record by its id may name one that is gone.
    expect(op('patch', '/documents/updatedocument').responses['404']).toBeDefined();
  });

  it('has a server and no path ending with a slash', () => {
    expect(doc.servers).toEqual([{ url: '/core/api', description: 'This server' }]);
    expect(Object.keys(doc.paths).filter((p) => p.endsWith('/'))).toEqual([]);
    expect(doc.paths['/contacts/customLoadPage']).toBeDefined();
  });

  it('documents the multipart body of every upload and no body for a 204', () => {
    for (const [method, path] of [
      ['post', '/me/avatar'],
      ['post', '/tenants/media'],
      ['post', '/users/import'],
      ['post', '/documents/{id}/file'],
      ['patch', '/documents/{id}/file'],
    ] as const) {
      const body = op(method, path).requestBody!.content['multipart/form-data']!.schema;
      expect(body, `${method} ${path}`).toMatchObject({
        required: ['file'],
        properties: { file: { format: 'binary' } },
      });
      expect(Object.keys(op(method, path).responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(['413', '415']),
      );
    }
    expect(op('delete', '/documents/{id}').responses['204']).toEqual({ description: 'No Content' });
    expect(op('post', '/me/gdpr').responses['204']).toEqual({ description: 'No Content' });
  });

  it('says in its request schemas what the server checks', () => {
    const overview = op('get', '/timelogs/getTimeLogsOverviewTasks/{from}/{to}');
    expect(param(overview, 'from')).toMatchObject({ type: 'string', format: 'date', pattern: expect.any(String) });
    expect(jsonBody(op('post', '/timelogs/mark')).properties!.dateString).toMatchObject({ format: 'date' });
    expect(jsonBody(op('post', '/auth/login')).properties!.email).toMatchObject({ format: 'email' });
    const radius = jsonBody(op('post', '/companyLocations/postLocation')).properties!.radius!;
    expect(radius.enum).toContain(500);
    expect(radius.enum).not.toContain(0);
    expect(jsonBody(op('post', '/chat/users/{userId}/messages')).properties!.text).toMatchObject({
      pattern: '\\S',
      maxLength: expect.any(Number),
    });
    const users = op('get', '/users');
    expect(users.parameters!.find((p) => p.name === 'roles')).toMatchObject({ required: false });
  });
});

describe('a method a known path does not serve', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 405 with Allow, and an unknown path still 404', async () => {
    for (const method of ['TRACE', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/core/api/me/info' });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 405, code: 'methodNotAllowed' });
    }
    const withId = await ctx.app.inject({
      method: 'PUT',
      url: '/core/api/documents/6f1c2a8e-9d8f-4d6b-a1f0-1c7e2b3a4d5e',
    });
    expect(withId.statusCode).toBe(405);
    expect(withId.headers.allow).toBe('DELETE');
    expect((await ctx.app.inject({ method: 'TRACE', url: '/core/api/nope' })).statusCode).toBe(404);
  });

  it('serves a path with or without its trailing slash', async () => {
    const { auth } = await ctx.actor(['TenantAdmin']);
    const query = '?clientId=6f1c2a8e-9d8f-4d6b-a1f0-1c7e2b3a4d5e';
    for (const path of ['/core/api/contacts/customLoadPage/', '/core/api/contacts/customLoadPage']) {
      const res = await ctx.app.inject({ url: path + query, headers: auth });
      // Found (this admin has no active tenant), not 404.
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code).toBe('noActiveTenant');
    }
  });
});
