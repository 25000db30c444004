// The accessibility gate (issue 13): axe-core with the WCAG 2.1 AA rules on every page of the route
// table, for every demo role whose policy lets it open the page (public pages signed out), in light and
// dark, at 1280 and 375 px, and no page scrolling sideways. Dark changes colours only, so in dark axe
// runs the rules that read colours. Pages come from @atrium/contracts PAGES, so
// a page added later is checked without a line here; only a new route parameter needs a resolver in
// PARAMS below.

import { writeFileSync } from 'node:fs';
import { type AccessSubject, decideAccess, PAGES, type PageRule } from '@atrium/contracts';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, launchBrowser, signIn } from './support.js';

const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [1280, 375] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The WCAG 2.1 AA rules of axe whose outcome depends on colours: all a colour scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/**
 * Colours are checked at rest: with the motion a user may ask their system to leave out left out, a
 * page is at rest as soon as it is drawn, rather than after each transition of a scheme or width change.
 */
const GATE_CONTEXT = { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' } as const;
/** The persisted UI state's localStorage key (apps/web/src/shared/config/storage-keys.ts). */
const UI_STATE_KEY = 'uiState';

type Role = {
  email: string;
  /** The tenant the role works in after sign-in (null: none chosen, as a super administrator may). */
  tenant: string | null;
  /** What the active-tenant step asks of this account after sign-in, if it asks. */
  choose?: 'skip' | 'tenant';
};

/** The demo accounts of README.md, one per role. */
const ROLES: Record<string, Role> = {
  // In a tenant, so that the pages gated on its features and the side menu's tenant selector are checked too.
  Superadmin: { email: 'superadmin@atrium.test', tenant: 'Northwind Partners', choose: 'tenant' },
  PartnerManager: { email: 'partner@atrium.test', tenant: 'Northwind Partners' },
  TenantAdmin: { email: 'admin@atrium.test', tenant: 'Northwind Partners' },
  User: { email: 'user@atrium.test', tenant: 'Northwind Partners', choose: 'tenant' },
};

/** What a resolver may use: the role's API token (null when signed out). */
type Ctx = { token: string | null };
type Resolver = (ctx: Ctx) => Promise<string>;

const firstOf = async (path: string, token: string | null) => {
  if (!token) throw new Error(`${path} needs a signed-in role`);
  const page = await api<{ data: { id: string }[] }>('GET', `${path}?page=1&take=1`, undefined, token);
  const id = page.data[0]?.id;
  if (!id) throw new Error(`${path} lists nothing for this role`);
  return id;
};
/** The first item of a list that answers a plain array. */
const firstInArray = async (path: string, token: string | null) => {
  if (!token) throw new Error(`${path} needs a signed-in role`);
  const id = (await api<{ id: string }[]>('GET', path, undefined, token))[0]?.id;
  if (!id) throw new Error(`${path} lists nothing for this role`);
  return id;
};
const firstTenant: Resolver = ({ token }) => firstOf('/tenants', token);
const firstUser: Resolver = ({ token }) => firstOf('/users', token);
const firstClient: Resolver = ({ token }) => firstOf('/companies', token);
/** Any member may list every type (the document form's choices); the admin list leaves system types out. */
const firstDocumentType: Resolver = async ({ token }) => {
  const { data } = await api<{ data: { id: string }[] }>('GET', '/documenttypes/all', undefined, token ?? undefined);
  if (!data[0]) throw new Error('/documenttypes/all lists nothing for this role');
  return data[0].id;
};
const firstDocument: Resolver = ({ token }) => firstOf('/documents', token);
const firstFolder: Resolver = ({ token }) => firstInArray('/folders/getfolders', token);
const firstProject: Resolver = ({ token }) => firstInArray('/timelogs/getprojects', token);
/** The role's first collaboration; a role with none (or refused the list) opens the tenant administrator's. */
const firstCollaboration: Resolver = async ({ token }) => {
  const path = '/sprints/collaborations';
  const own = await firstOf(path, token).catch(() => undefined);
  return own ?? firstOf(path, (await apiSignIn('admin@atrium.test')).token);
};
/** A tenant of the role's with mail settings (the demo gives Northwind Partners one) and its first setting. */
const mailSettingsOf = new Map<string, Promise<{ tenantId: string; id: string }>>();
const firstMailSettings = ({ token }: Ctx) => {
  if (!token) throw new Error('mail settings need a signed-in role');
  if (!mailSettingsOf.has(token))
    mailSettingsOf.set(
      token,
      (async () => {
        const tenants = await api<{ data: { id: string }[] }>('GET', '/tenants?take=50', undefined, token);
        for (const { id: tenantId } of tenants.data) {
          const settings = await api<{ data: { id: string }[] }>(
            'GET',
            `/tenants/${tenantId}/mailsettings?take=1`,
            undefined,
            token,
          );
          if (settings.data[0]) return { tenantId, id: settings.data[0].id };
        }
        throw new Error('no tenant of this role has mail settings');
      })(),
    );
  return mailSettingsOf.get(token)!;
};
/**
 * A page whose module is not built yet shows the same placeholder whatever the id; check() asserts the
 * placeholder, so once the module lands this resolver fails and asks for a real one.
 */
const NOT_BUILT_ID = '3f2b8c1e-4a5d-4e6f-8a9b-0c1d2e3f4a5b';
const notBuilt: Resolver = async () => NOT_BUILT_ID;

/**
 * Real values for route parameters: by 'path|param' first, then by param name alone. A parameter that
 * neither matches fails the gate with its page and name.
 */
const PARAMS: Record<string, Resolver> = {
  'signin/:error|error': async () => 'access_denied',
  'tenantIdDeepLinkError/:deepTenantId/:remainingPath|deepTenantId': async () => NOT_BUILT_ID,
  'tenantIdDeepLinkError/:deepTenantId/:remainingPath|remainingPath': async () => 'home',
  'unathorized/maps/:tenant|tenant': async () => 'northwind',
  'tenants/:id|id': firstTenant,
  'deleting/:id|id': firstTenant,
  'users/:id|id': firstUser,
  'tenants/emails/new/:tenantId|tenantId': firstTenant,
  'tenants/emails/:tenantId/:id|tenantId': async (ctx) => (await firstMailSettings(ctx)).tenantId,
  'tenants/emails/:tenantId/:id|id': async (ctx) => (await firstMailSettings(ctx)).id,
  'admin/timelogs/project/:id|id': firstProject,
  'admin/clients/:id|id': firstClient,
  'admin/clients/contacts/:id|id': firstClient,
  'admin/clients/locations/:id|id': firstClient,
  // The contact and location forms: 'new' for a client (the same form edits one).
  'admin/clients/:type/contact/:id|type': async () => 'new',
  'admin/clients/:type/contact/:id|id': firstClient,
  'admin/clients/:type/location/:id|type': async () => 'new',
  'admin/clients/:type/location/:id|id': firstClient,
  'admin/documents/edit/documenttype/:id|id': firstDocumentType,
  'admin/documents/edit/:id|id': firstDocument,
  // A document type's documents.
  'documents/:id|id': firstDocumentType,
  'edit/folder/:id|id': firstFolder,
  'sprints/:id|id': firstCollaboration,
};
// The tenant sub-pages all take the tenant's id.
for (const p of PAGES)
  if (p.module === 'tenant-settings' && p.path.endsWith('/:id')) PARAMS[`${p.path}|id`] ??= firstTenant;

async function resolvePath(rule: PageRule, ctx: Ctx): Promise<{ url: string; placeholder: boolean }> {
  let placeholder = false;
  const parts: string[] = [];
  for (const part of rule.path.split('/')) {
    if (!part.startsWith(':')) {
      parts.push(part);
      continue;
    }
    const name = part.slice(1);
    const resolver = PARAMS[`${rule.path}|${name}`] ?? PARAMS[name];
    if (!resolver) {
      throw new Error(`No value for :${name} of /${rule.path}: add a resolver to PARAMS in e2e/accessibility.e2e.ts`);
    }
    if (resolver === notBuilt) placeholder = true;
    parts.push(encodeURIComponent(await resolver(ctx)));
  }
  return { url: `/${parts.join('/')}`, placeholder };
}

type Violation = { route: string; role: string; scheme: string; width: number; rule: string; target: string };
const violations: Violation[] = [];
const problems: string[] = [];
let checks = 0;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // A11Y_REPORT=<file>: every violation as lines, also when only some roles ran (-t).
  const report = process.env.A11Y_REPORT;
  if (report) writeFileSync(report, violations.map(describeViolation).join('\n'));
});

const describeViolation = (v: Violation) => `${v.route} [${v.role}, ${v.scheme}, ${v.width}px] ${v.rule}: ${v.target}`;

/** Waits until the page has nothing loading and no animation or transition running. */
async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root[data-visible]') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
    undefined,
    { timeout: 10_000, polling: 50 },
  );
}

async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate(
    ([key, dark]) => {
      const state = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...state, darkMode: dark }));
      // As if another tab had switched: the app follows the storage event.
      window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
    },
    [UI_STATE_KEY, scheme === 'dark'] as const,
  );
  await page.waitForFunction((s) => document.documentElement.dataset.mantineColorScheme === s, scheme);
}

/** Opens a route in the running app, as a link would (no reload, no new sign-in). */
async function open(page: Page, url: string) {
  await page.evaluate((u) => {
    window.history.pushState(null, '', u);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await quiet(page);
  await settle(page);
}

const inFlight = new WeakMap<Page, Set<{ url(): string }>>();

/** Counts the page's requests in flight, leaving out the hub's long-lived ones. */
function trackRequests(page: Page) {
  const pending = new Set<{ url(): string }>();
  inFlight.set(page, pending);
  const isHub = (url: string) => new URL(url).pathname.startsWith('/core/tenantHub');
  page.on('request', (r) => {
    if (!isHub(r.url())) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  // A response whose body the app never reads does not always finish: its headers are enough here.
  page.on('response', (r) => pending.delete(r.request()));
  page.on('requestfailed', (r) => pending.delete(r));
}

/** Resolves once no request (but the hub's) has been in flight for 150 ms. */
async function quiet(page: Page) {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('trackRequests(page) first');
  const until = Date.now() + 15_000;
  let idleSince = Date.now();
  while (Date.now() < until) {
    if (pending.size) idleSince = Date.now();
    else if (Date.now() - idleSince >= 150) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`requests still in flight on ${page.url()}: ${[...pending].map((r) => r.url()).join(', ')}`);
}

/** Evaluated through the DevTools protocol, not as a <script>: the app's CSP rightly refuses inline scripts. */
async function injectAxe(page: Page) {
  await page.evaluate(axe.source);
}

async function runAxe(page: Page, scheme: 'light' | 'dark') {
  const runOnly = scheme === 'light' ? { type: 'tag', values: TAGS } : { type: 'rule', values: COLOUR_RULES };
  return page.evaluate(async (only) => {
    const w = window as unknown as { axe: typeof axe };
    const result = await w.axe.run(document, { runOnly: only as axe.RunOnly, resultTypes: ['violations'] });
    // Contrast failures carry their colours and ratio: enough to find the cause without a browser.
    const detail = (n: (typeof result.violations)[number]['nodes'][number]) => {
      const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      return data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
    };
    return result.violations.map((v) => ({
      rule: v.id,
      targets: v.nodes.map((n) => `${n.target.join(' ')}${detail(n)}`),
    }));
  }, runOnly);
}

/** Runs axe on every route of `rules` in both schemes and widths, recording each violation. */
async function checkRoutes(page: Page, role: string, rules: readonly PageRule[], ctx: Ctx) {
  await injectAxe(page);
  for (const rule of rules) {
    let resolved: { url: string; placeholder: boolean };
    try {
      resolved = await resolvePath(rule, ctx);
    } catch (err) {
      problems.push(`${role}: ${(err as Error).message}`);
      continue;
    }
    await open(page, resolved.url);
    if (resolved.placeholder) {
      const shown = await page.getByText('This module is not available yet').count();
      if (!shown) {
        problems.push(`/${rule.path} is built now: give its parameters real values in PARAMS (${role})`);
      }
    }
    // axe is gone after a full navigation (a guard's redirect to /signin, say): bring it back.
    if (!(await page.evaluate(() => 'axe' in window))) await injectAxe(page);
    for (const scheme of SCHEMES) {
      await setScheme(page, scheme);
      for (const width of scheme === 'light' ? WIDTHS : [...WIDTHS].reverse()) {
        await page.setViewportSize({ width, height: 800 });
        await settle(page);
        checks++;
        // WCAG 1.4.10 (reflow), which axe does not check: no page may scroll sideways.
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (sideways > 0) {
          violations.push({
            route: resolved.url,
            role,
            scheme,
            width,
            rule: 'reflow',
            target: `${sideways}px too wide`,
          });
        }
        for (const v of await runAxe(page, scheme)) {
          for (const target of v.targets) {
            violations.push({ route: resolved.url, role, scheme, width, rule: v.rule, target });
          }
        }
      }
    }
  }
}

describe('accessibility gate (axe-core, WCAG 2.1 AA)', () => {
  // Two roles at a time (maxConcurrency in vitest.config.ts): axe works in the browser's renderer, one
  // core each, while the test waits.
  it.concurrent('public pages, signed out', async () => {
    const context = await browser.newContext(GATE_CONTEXT);
    const page = await context.newPage();
    trackRequests(page);
    await page.goto(`${BASE_URL}/signin`);
    await settle(page);
    const publicPages = PAGES.filter((p) => p.policy.access === 'public');
    await checkRoutes(page, 'signed out', publicPages, { token: null });
    await context.close();
  }, 180_000);

  it.concurrent.for(Object.entries(ROLES))('%s', { timeout: 480_000 }, async ([role, account], { expect }) => {
    const { token: loginToken } = await apiSignIn(account.email);
    const tenants = await api<{ id: string; name: string }[]>('GET', '/me/generaldata', undefined, loginToken).then(
      (g) => (g as unknown as { tenants: { id: string; name: string }[] }).tenants,
    );
    const tenantId = account.tenant ? tenants.find((t) => t.name === account.tenant)?.id : null;
    if (account.tenant && !tenantId) throw new Error(`${account.email} is not in ${account.tenant}`);
    const { user, token } = await api<{ user: { roles: string[] }; token: string }>(
      'POST',
      '/auth/activetenant',
      { tenantId },
      loginToken,
    );
    const general = await api<{ features: string[] }>('GET', '/me/generaldata', undefined, token);
    const subject = { roles: user.roles, features: general.features } as AccessSubject;
    const allowed = PAGES.filter((p) => p.policy.access !== 'public' && decideAccess(p.policy, subject) === 'allow');

    const context = await browser.newContext(GATE_CONTEXT);
    const page = await context.newPage();
    trackRequests(page);
    await signIn(page, account.email);
    if (account.choose) {
      await page.waitForURL(/active-tenant-page/);
      if (account.choose === 'tenant' && account.tenant) {
        await page.getByRole('combobox', { name: 'Active Tenant' }).click();
        await page.getByRole('option', { name: account.tenant }).click();
        await page.getByRole('button', { name: 'Submit' }).click();
      } else {
        await page.getByRole('button', { name: 'Skip' }).click();
      }
    }
    await page.waitForURL(`${BASE_URL}/home`);
    await settle(page);
    await checkRoutes(page, role, allowed, { token });
    expect(new URL(page.url()).pathname, `${role} was signed out during the gate`).not.toMatch(/^\/signin/);
    await context.close();
  });

  it('finds no violation', () => {
    console.log(`accessibility gate: ${checks} checks (page × role × scheme × width)`);
    const lines = violations.map(describeViolation);
    expect([...problems, ...lines], `${lines.length} violations in ${checks} checks`).toEqual([]);
  });
});
