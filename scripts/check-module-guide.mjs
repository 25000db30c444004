#!/usr/bin/env node
// Follows docs/adding-a-module.md in a throw-away copy of the sources: adds a module (`guidecheck`,
// one page and one tenant-owned table) with its new folders and the guide's three edits, then
// typechecks the three projects and runs drizzle-kit generate, which must write the table's policy.
// Run by `npm test`; the copy is removed afterwards. Exits non-zero when a step fails.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'atrium-module-guide-'));
const started = Date.now();

/** Copies a path of the repository into the throw-away copy. */
const copy = (path) => cpSync(join(root, path), join(tmp, path), { recursive: true });
const write = (path, text) => {
  mkdirSync(dirname(join(tmp, path)), { recursive: true });
  writeFileSync(join(tmp, path), text);
};
/** One of the guide's edits of an existing file: `text` goes in right after the line holding `anchor`. */
const insertAfter = (path, anchor, text) => {
  const file = join(tmp, path);
  const source = readFileSync(file, 'utf8');
  const at = source.indexOf(anchor);
  if (at < 0) throw new Error(`${path}: no line with ${JSON.stringify(anchor)} (has the guide's anchor moved?)`);
  const end = source.indexOf('\n', at) + 1;
  writeFileSync(file, source.slice(0, end) + text + source.slice(end));
};

try {
  for (const path of [
    'tsconfig.base.json',
    'packages/contracts/src',
    'packages/contracts/package.json',
    'packages/contracts/tsconfig.json',
    'apps/server/src',
    'apps/server/drizzle',
    'apps/server/drizzle.config.ts',
    'apps/server/package.json',
    'apps/web/src',
    'apps/web/package.json',
    'apps/web/vite.config.ts',
  ]) {
    copy(path);
  }
  // The projects without their tests, which the check does not need: half the time to typecheck.
  for (const dir of ['apps/server/src', 'apps/web/src']) {
    for (const file of readdirSync(join(tmp, dir), { recursive: true })) {
      if (/\.test\.tsx?$/.test(file)) rmSync(join(tmp, dir, file));
    }
  }
  write(
    'apps/server/tsconfig.json',
    JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { types: ['node'] }, include: ['src'] }),
  );
  write(
    'apps/web/tsconfig.json',
    JSON.stringify({ ...JSON.parse(readFileSync(join(root, 'apps/web/tsconfig.json'), 'utf8')), include: ['src'] }),
  );
  // The installed packages, but @atrium/contracts is the copy's own.
  mkdirSync(join(tmp, 'node_modules/@atrium'), { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== '@atrium' && name !== '.bin')
      symlinkSync(join(root, 'node_modules', name), join(tmp, 'node_modules', name));
  }
  symlinkSync(join(tmp, 'packages/contracts'), join(tmp, 'node_modules/@atrium/contracts'));
  for (const app of ['server', 'web']) {
    for (const name of readdirSync(join(root, 'apps', app, 'node_modules'), { withFileTypes: true }).map(
      (d) => d.name,
    )) {
      mkdirSync(join(tmp, 'apps', app, 'node_modules'), { recursive: true });
      symlinkSync(join(root, 'apps', app, 'node_modules', name), join(tmp, 'apps', app, 'node_modules', name));
    }
  }

  // 1. Contracts: the module's schemas and its manifest entry (edit 1 of 3: modules.ts).
  write(
    'packages/contracts/src/guidecheck.ts',
    `import { z } from 'zod';

export const guideNoteSchema = z.object({ id: z.uuid(), text: z.string() });
export type GuideNote = z.infer<typeof guideNoteSchema>;
`,
  );
  insertAfter('packages/contracts/src/modules.ts', "export * from './users.js';", "export * from './guidecheck.js';\n");
  insertAfter(
    'packages/contracts/src/modules.ts',
    'export const MODULES = {',
    `  guidecheck: defineModule({
    pages: { notes: { ...page('guidecheck', POLICIES.tenantMembers), ours: true } },
    menu: { page: 'notes', group: 'admin' },
  }),
`,
  );

  // 2. Server: the module's folder, and its entry in modules/index.ts (edit 2 of 3).
  const server = 'apps/server/src/modules/guidecheck';
  write(
    `${server}/guidecheck.schema.ts`,
    `import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';

export const guideNotes = pgTable(
  'guide_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    text: text().notNull(),
  },
  () => [tenantOwned()],
);
`,
  );
  write(
    `${server}/guidecheck.repository.ts`,
    `import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guideNotes } from './guidecheck.schema.js';

export const listNotes = (db: Db, tenantId: string) =>
  db.select({ id: guideNotes.id, text: guideNotes.text }).from(guideNotes).where(eq(guideNotes.tenantId, tenantId));
`,
  );
  write(
    `${server}/guidecheck.service.ts`,
    `import type { Db } from '../../db/client.js';
import * as repo from './guidecheck.repository.js';

export function createGuidecheckService({ db }: { db: Db }) {
  return { list: (tenantId: string) => repo.listNotes(db, tenantId) };
}
`,
  );
  write(
    `${server}/guidecheck.routes.ts`,
    `import { guideNoteSchema, POLICIES } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantOf } from '../../http/tenant-context.js';

export const guidecheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guidecheck } = app.services;
  app.get(
    '/guidecheck/notes',
    {
      config: { policy: POLICIES.tenantMembers },
      schema: { tags: ['guidecheck'], summary: 'The notes', response: { 200: z.array(guideNoteSchema) } },
    },
    async (request) => guidecheck.list(tenantOf(request)),
  );
};
`,
  );
  write(
    `${server}/guidecheck.demo.ts`,
    `import type { DemoStep } from '../demo-step.js';
import { guideNotes } from './guidecheck.schema.js';

export const guidecheckDemo: DemoStep = async ({ tx, tenants }) => {
  await tx.insert(guideNotes).values({ tenantId: tenants.northwind, text: 'First note' });
};
`,
  );
  const index = 'apps/server/src/modules/index.ts';
  insertAfter(
    index,
    "import { createAuditService } from './audit/audit.service.js';",
    `import { guidecheckDemo } from './guidecheck/guidecheck.demo.js';
import { guidecheckRoutes } from './guidecheck/guidecheck.routes.js';
import { createGuidecheckService } from './guidecheck/guidecheck.service.js';
`,
  );
  insertAfter(index, 'const audit = createAuditService(', 'const guidecheck = createGuidecheckService({ db });\n');
  insertAfter(index, '  return {', '    guidecheck,\n');
  insertAfter(index, 'export const MODULES = {', '  guidecheck: { routes: guidecheckRoutes, demo: guidecheckDemo },\n');

  // 3. Web: the feature's folder (page, menu icon, strings), and its entry in the registry (edit 3 of 3).
  const web = 'apps/web/src/features/guidecheck';
  write(
    `${web}/pages/notes-page.tsx`,
    `import { Title } from '@mantine/core';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';

export default function NotesPage() {
  const { t } = useTranslation();
  usePageTitle(t('guidecheck.title'));
  return <Title order={1}>{t('guidecheck.title')}</Title>;
}
`,
  );
  write(`${web}/menu-icon.ts`, "export { IconNotes as default } from '@tabler/icons-react';\n");
  write(
    `${web}/locales/en.json`,
    `${JSON.stringify({ menu: { guidecheck: 'Notes' }, guidecheck: { title: 'Notes' } })}\n`,
  );
  write(
    `${web}/locales/da.json`,
    `${JSON.stringify({ menu: { guidecheck: 'Noter' }, guidecheck: { title: 'Noter' } })}\n`,
  );
  write(
    `${web}/locales/strings.ts`,
    `import type en from './en.json';

declare module '@/shared/i18n/i18n' {
  interface FeatureStrings {
    guidecheck: typeof en;
  }
}
`,
  );
  insertAfter(
    'apps/web/src/app/module-registry.tsx',
    'export const MODULE_VIEWS = {',
    "  guidecheck: { pages: { notes: lazy(() => import('@/features/guidecheck/pages/notes-page')) } },\n",
  );

  // Typecheck all three projects (at once), and generate the migration.
  const tsc = join(root, 'node_modules/.bin/tsc');
  const checks = ['packages/contracts', 'apps/server', 'apps/web'].map((project) =>
    run(tsc, ['-p', project], { cwd: tmp }).catch((err) => {
      throw new Error(`tsc -p ${project} failed:\n${err.stdout}${err.stderr}`);
    }),
  );
  const generate = run(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--name', 'guidecheck'], {
    cwd: join(tmp, 'apps/server'),
  });
  await Promise.all([...checks, generate]);
  const migration = readdirSync(join(tmp, 'apps/server/drizzle')).find((f) => f.endsWith('_guidecheck.sql'));
  const sql = migration ? readFileSync(join(tmp, 'apps/server/drizzle', migration), 'utf8') : '';
  for (const want of [
    'CREATE TABLE "guide_notes"',
    'ALTER TABLE "guide_notes" ENABLE ROW LEVEL SECURITY',
    'CREATE POLICY "tenant_isolation" ON "guide_notes"',
  ]) {
    if (!sql.includes(want)) throw new Error(`The generated migration lacks ${want}:\n${sql}`);
  }
  // Nothing but the new module: the schemas of the other modules match their migrations.
  const statements = sql
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  const others = statements.filter((s) => !s.includes('"guide_notes"'));
  if (others.length) throw new Error(`The generated migration changes more than the new module:\n${others.join('\n')}`);
  console.log(`module guide: a new module typechecks and migrates (${((Date.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
