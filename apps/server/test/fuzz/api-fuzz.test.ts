import { FEATURES } from '@atrium/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../harness.js';
import { anyJson, arbitraryFor, type JsonSchema, text, uuid } from './schema-arbitrary.js';

/**
 * Fuzzes every operation of the OpenAPI document with generated bodies, query strings and path values
 * (valid but for a hostile field or two, or malformed outright), as a super administrator and
 * anonymously: no answer may be a 5xx, and every 4xx is problem+json. Seeded, so a failure
 * reproduces; FUZZ_SEED and FUZZ_RUNS explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_500);
/** Fuzzed requests come from an address of their own, so their failed sign-ins lock out nobody else. */
const FUZZ_IP = '198.51.100.7';

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};
type Operation = {
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
};

/** The document's operations, at their full paths (the document's paths follow its server, /core/api). */
function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: `/core/api${path}`,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query'),
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

const RAW_BODIES = [
  '{',
  '{"a":',
  '{"a":1,}',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '',
];
const OTHER_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=X',
  'application/json; charset=latin1',
  'application/octet-stream',
  'nonsense',
];

type Body = { type: string; payload: string } | undefined;

// Lone surrogates cannot be percent-encoded; the encoder's own error is not the server's.
const encodable = (s: string) => !/\p{Cs}/u.test(s);

/** A query value as a client would send it: JSON text for anything that is not a string already. */
const queryText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

let ctx: TestContext;
let operations: Operation[];
let doc: OpenApi;
let ids: string[];
let superAdmin: { headers: Record<string, string>; renew: () => Promise<void> };

beforeAll(async () => {
  ctx = await createTestApp();
  const tenants = [
    await ctx.factories.tenant({ features: [...FEATURES] }),
    await ctx.factories.tenant({ features: [...FEATURES] }),
  ];
  const actor = await ctx.actor(['Superadmin'], { tenants: [tenants[0]!.id], activeTenant: tenants[0]!.id });
  const others = [
    await ctx.factories.user({ tenantIds: [tenants[0]!.id] }),
    await ctx.factories.user({ roles: ['TenantAdmin'], tenantIds: tenants.map((t) => t.id) }),
  ];
  ids = [...tenants.map((t) => t.id), actor.user.id, ...others.map((u) => u.id)];
  superAdmin = {
    headers: actor.auth,
    // A fuzzed logout ends the session: sign in again and go on.
    async renew() {
      const { token } = await ctx.signIn(actor.user.email);
      superAdmin.headers = bearer(token);
    },
  };
  doc = ctx.app.swagger() as unknown as OpenApi;
  operations = operationsOf(doc);
});
afterAll(() => ctx.close());

function requestFor(op: Operation) {
  const options = {
    resolve: (ref: string) => doc.components?.schemas?.[ref.split('/').pop() ?? ''],
    ids: fc.constantFrom(...ids),
  };
  const pathValue = fc.oneof(fc.constantFrom(...ids), uuid, text);
  const query = fc.tuple(
    ...op.queryParams.map((p) => fc.option(arbitraryFor(p.schema ?? {}, options), { freq: 3 })),
    fc.option(fc.tuple(text, text), { freq: 4 }),
  );
  const json = (value: unknown): Body => ({ type: 'application/json', payload: JSON.stringify(value) ?? 'null' });
  const body: fc.Arbitrary<Body> = fc.oneof(
    { weight: 6, arbitrary: op.body ? arbitraryFor(op.body, options).map(json) : fc.constant(undefined) },
    { weight: 1, arbitrary: anyJson.map(json) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({ type: 'application/json', payload })) },
    { weight: 1, arbitrary: fc.record({ type: fc.constantFrom(...OTHER_TYPES), payload: text }) },
  );
  return fc.record({
    op: fc.constant(op),
    // Mostly signed in: anonymous callers rarely get past the access policy.
    asSuperAdmin: fc.nat(3).map((n) => n > 0),
    params: fc.tuple(...op.pathParams.map(() => pathValue)),
    query,
    body,
  });
}

function urlOf(op: Operation, params: string[], query: unknown[]): string | null {
  let path = op.path;
  const search = new URLSearchParams();
  const extra = query.at(-1) as [string, string] | null;
  const values: [string, unknown][] = op.queryParams.map((p, i) => [p.name, query[i]]);
  if (extra) values.push(extra);
  for (const [name, value] of values) {
    if (value === null || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, queryText(v));
  }
  const parts = [...params, ...search.keys(), ...search.values()];
  // An empty path segment makes the URL another path's (the router ignores a trailing slash), not this one's.
  if (!parts.every(encodable) || params.some((p) => p === '')) return null;
  op.pathParams.forEach((p, i) => {
    path = path.replace(`{${p.name}}`, encodeURIComponent(params[i] ?? ''));
  });
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

describe('the API under fuzzed input', () => {
  it('finds every operation of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.some((o) => o.method === 'PUT' && o.path === '/core/api/users/{id}')).toBe(true);
  });

  it(`answers ${RUNS} generated requests without a 5xx, with problem+json for every 4xx`, async () => {
    const request = fc.constantFrom(...operations).chain(requestFor);
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ op, asSuperAdmin, params, query, body }) => {
        const url = urlOf(op, params, query);
        fc.pre(url !== null);
        const send = () =>
          ctx.app.inject({
            method: op.method as 'GET',
            url: url!,
            remoteAddress: FUZZ_IP,
            headers: { ...(asSuperAdmin ? superAdmin.headers : {}), ...(body ? { 'content-type': body.type } : {}) },
            ...(body ? { payload: body.payload } : {}),
          });
        let res = await send();
        if (asSuperAdmin && res.statusCode === 401 && res.json().code === 'unauthenticated') {
          await superAdmin.renew();
          res = await send();
        }
        const key = `${asSuperAdmin ? 'super admin' : 'anonymous'} ${res.statusCode}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const what = `${op.method} ${url} ${body ? `${body.type} ${body.payload.slice(0, 300)}` : ''}`;
        expect(res.statusCode, `${what} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(res.headers['content-type'], `${what} -> ${res.statusCode}`).toMatch(/^application\/problem\+json/);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    if (process.env.FUZZ_STATS) console.info([...statuses].sort());
    // The run reached handlers, not only the validators: some requests succeeded as a super administrator.
    expect(statuses.get('super admin 200')).toBeGreaterThan(RUNS / 20);
  }, 180_000);
});
