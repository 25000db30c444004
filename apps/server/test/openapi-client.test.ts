import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';

const run = promisify(execFile);
type Generator = { default(document: object): Promise<unknown>; astToString(ast: unknown): string };
type Program = {
  firstSteps(
    baseUrl: string,
    email: string,
    password: string,
  ): Promise<{ tenant: string; emails: string[]; client: object }>;
};
const root = new URL('../../..', import.meta.url).pathname;
const clientDir = join(root, 'tools/openapi-client');

/**
 * What a third party does with the OpenAPI document: generates a typed client from it
 * (openapi-typescript), writes a program against it (tools/openapi-client/program.ts), typechecks it
 * with the repository's tsc, and runs it against the server over HTTP.
 */
describe('a client generated from the OpenAPI document', () => {
  let ctx: TestContext;
  let work: string;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    // Under node_modules so that the program's imports (openapi-fetch) resolve as in the repository.
    mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
    work = mkdtempSync(join(root, 'node_modules/.cache/atrium-openapi-client-'));
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `${address}/core/api`;
  });
  afterAll(async () => {
    await ctx?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('typechecks a program that signs in, picks a tenant, lists users and creates a client', async () => {
    // openapi-typescript and the TypeScript it runs on live in tools/openapi-client (TypeScript 7 has no JavaScript API).
    const generator = createRequire(join(clientDir, 'package.json'));
    const { default: openapiTS, astToString } = (await import(generator.resolve('openapi-typescript'))) as Generator;
    const types = astToString(await openapiTS(ctx.app.swagger() as never));
    expect(types).toContain('"/companies/postCompany"');
    writeFileSync(join(work, 'api.d.ts'), types);
    writeFileSync(join(work, 'program.ts'), readFileSync(join(clientDir, 'program.ts')));
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: { types: [], lib: ['ES2023', 'DOM'] },
        files: ['program.ts', 'api.d.ts'],
      }),
    );
    const tsc = join(root, 'node_modules/.bin/tsc');
    const result = await run(tsc, ['-p', join(work, 'tsconfig.json')]).catch((err: { stdout: string }) => err);
    expect(result.stdout).toBe('');
  });

  it('runs the program against the server', async () => {
    const tenant = await ctx.factories.tenant({ name: 'Harbour Care' });
    const admin = await ctx.factories.user({ roles: ['TenantAdmin'], tenantIds: [tenant.id] });
    // Loaded by its path: the program's types come from the generated api.d.ts, which the server's
    // own typecheck does not have.
    const program: Program = await import(join(clientDir, 'program.ts'));
    const result = await program.firstSteps(baseUrl, admin.email, ctx.factories.PASSWORD);
    expect(result.tenant).toBe('Harbour Care');
    expect(result.emails).toContain(admin.email);
    expect(result.client).toMatchObject({ title: 'Harbour Logistics', id: expect.any(String) });
  });
});
