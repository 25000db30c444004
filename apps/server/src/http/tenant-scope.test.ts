import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossTenant, currentScope } from '../db/tenant-scope.js';
import { tenantScopePlugin } from './tenant-scope.js';
import type { Principal } from './tokens.js';

const logLines: Record<string, unknown>[] = [];
const scopeNow = () => {
  const { tenantId, crossTenant } = currentScope();
  return { tenantId, crossTenant };
};
const app = Fastify({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  },
});

beforeAll(async () => {
  await app.register(tenantScopePlugin);
  // Stands in for the access-policy hook, which authenticates after the scope is opened.
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const tenant = request.headers['x-tenant'];
    if (typeof tenant === 'string') request.principal = { tenantId: tenant } as Principal;
  });
  // Body parsing and an await on a timer: the scope must survive both.
  app.post('/scope', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return scopeNow();
  });
  app.get('/across', async () => crossTenant('a test reason', async () => scopeNow()));
  await app.ready();
});
afterAll(() => app.close());

describe('the tenant scope of a request', () => {
  it('keeps it over a real socket, whose body arrives in events of its own', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${address}/scope`, {
      method: 'POST',
      headers: { 'x-tenant': 'tenant-b', 'content-type': 'application/json' },
      body: JSON.stringify({ some: 'x'.repeat(200_000) }),
    });
    expect(await res.json()).toEqual({ tenantId: 'tenant-b', crossTenant: null });
  });

  it("is the caller's active tenant, after the body is parsed", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/scope',
      headers: { 'x-tenant': 'tenant-a' },
      payload: { some: 'body' },
    });
    expect(res.json()).toEqual({ tenantId: 'tenant-a', crossTenant: null });
  });

  it('is no tenant for an anonymous caller, and never leaks between concurrent requests', async () => {
    const answers = await Promise.all(
      ['tenant-a', undefined, 'tenant-b', 'tenant-a', undefined].map((tenant) =>
        app.inject({ method: 'POST', url: '/scope', headers: tenant ? { 'x-tenant': tenant } : {}, payload: {} }),
      ),
    );
    expect(answers.map((r) => r.json().tenantId)).toEqual(['tenant-a', null, 'tenant-b', 'tenant-a', null]);
  });

  it('reaches across tenants only inside crossTenant, which logs the reason with the request', async () => {
    const res = await app.inject({ method: 'GET', url: '/across', headers: { 'x-tenant': 'tenant-a' } });
    expect(res.json()).toEqual({ tenantId: 'tenant-a', crossTenant: 'a test reason' });
    const line = logLines.find((l) => l.crossTenant === 'a test reason');
    expect(line).toMatchObject({ msg: 'cross-tenant access', reqId: expect.anything() });
    expect(scopeNow()).toEqual({ tenantId: null, crossTenant: null });
  });
});
