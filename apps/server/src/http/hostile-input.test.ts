import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { type MalformedMultipart, malformedMultipart, multipart, PNG } from '../../test/multipart.js';
import { findHostileValue, MAX_INPUT_DEPTH } from './hostile-input.js';

let ctx: TestContext;
let auth: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  const tenant = await ctx.factories.tenant();
  ({ auth } = await ctx.actor(['Superadmin'], { tenants: [tenant.id], activeTenant: tenant.id }));
});
afterAll(() => ctx.close());

function expectFieldProblem(res: LightMyRequestResponse, field: string, message = 'nulCharacter') {
  expect(res.statusCode).toBe(400);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json()).toMatchObject({ status: 400, code: 'validation', errors: [{ field, message }] });
}

describe('NUL characters in input', () => {
  it('are refused in a JSON string field with 400 naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/core/api/me',
      headers: auth,
      payload: { name: 'a\0b' },
    });
    expectFieldProblem(res, 'name');
  });

  it('are refused at any depth, and in keys', async () => {
    const deep = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/import/confirm',
      headers: auth,
      payload: { rows: [{ name: 'ok' }, { name: 'x', surname: 'Nul\u0000' }] },
    });
    expectFieldProblem(deep, 'rows.1.surname');
    const key = await ctx.app.inject({
      method: 'PATCH',
      url: '/core/api/me',
      headers: auth,
      payload: { name: 'a', 'bad\u0000key': 1 },
    });
    expectFieldProblem(key, 'bad\u0000key');
  });

  it('are refused in query strings and path parameters', async () => {
    for (const url of ['/core/api/users?search=a%00b', '/core/api/tenants?search=%00']) {
      expectFieldProblem(await ctx.app.inject({ url, headers: auth }), 'querystring.search');
    }
    const param = await ctx.app.inject({ url: '/core/api/users/abc%00def', headers: auth });
    expectFieldProblem(param, 'params.id');
  });

  it('leave the access policy first: an anonymous caller gets 401', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: '/core/api/me', payload: { name: 'a\0b' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('deeply nested JSON', () => {
  it(`is refused beyond ${MAX_INPUT_DEPTH} levels with 400, not a stack overflow`, async () => {
    const payload = `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/core/api/me',
      headers: { ...auth, 'content-type': 'application/json' },
      payload,
    });
    expectFieldProblem(res, `name${'.0'.repeat(MAX_INPUT_DEPTH - 1)}`, 'nestedTooDeeply');
  });

  it('walks without recursion', () => {
    let value: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i++) value = [value];
    expect(findHostileValue('body', value)?.message).toBe('nestedTooDeeply');
    expect(findHostileValue('body', { a: [{ b: 'fine' }] })).toBeNull();
  });

  it('leaves raw bodies alone: a zero byte is no character', () => {
    expect(findHostileValue('body', Buffer.from([0x7b, 0, 0x7d]))).toBeNull();
  });
});

describe('malformed multipart on every upload route', () => {
  const routes = ['/core/api/me/avatar', '/core/api/tenants/media', '/core/api/users/import'];
  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const cases: MalformedMultipart[] = [
    ...malformedMultipart(part),
    {
      name: 'a malformed part header',
      type: 'multipart/form-data; boundary=X',
      body: `--X\r\n${'h'.repeat(20_000)}\r\n\r\nabc\r\n--X--\r\n`,
      status: [400, 413],
    },
    {
      name: 'a part too large',
      type: 'multipart/form-data; boundary=X',
      body: Buffer.concat([Buffer.from(part('X')), PNG, Buffer.alloc(17 * 1024 * 1024), Buffer.from('\r\n--X--\r\n')]),
      status: [413],
    },
  ];

  for (const c of cases) {
    it(`answers ${c.name} with ${c.status.join(' or ')} problem+json`, async () => {
      for (const url of routes) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { ...auth, 'content-type': c.type },
          payload: c.body,
        });
        expect({ url, status: res.statusCode }).toEqual({ url, status: expect.toBeOneOf(c.status) });
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    });
  }

  it('refuses a second file part after a good one (400), rather than ignoring it', async () => {
    for (const url of routes) {
      const body = Buffer.concat([
        Buffer.from(part('X')),
        PNG,
        Buffer.from(`\r\n${part('X')}`),
        PNG,
        Buffer.from('\r\n--X--\r\n'),
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=X' },
        payload: body,
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('answers a multipart body on a route of the same module that takes no upload with 415 problem+json', async () => {
    const form = multipart(PNG, 'a.png');
    for (const url of ['/core/api/users', '/core/api/tenants']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 415 });
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('still stores a well-formed upload', async () => {
    const form = multipart(PNG, 'a.png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/me/avatar',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
  });
});
