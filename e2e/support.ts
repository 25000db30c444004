import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

/** The Atrium this test worker drives: e2e/run.mjs starts one per worker, a lane by VITEST_POOL_ID. */
const lanes: { baseUrl: string; issuer: string }[] = JSON.parse(process.env.E2E_LANES ?? '[]');
const lane = lanes[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % Math.max(1, lanes.length)];
export const BASE_URL = lane?.baseUrl ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
/** The lane's Microsoft 365 stand-in (oidc-provider). */
export const IDP_ISSUER = lane?.issuer;
export const DEMO_PASSWORD = 'Atrium-demo-1';

/** Content-Security-Policy violations the browser reported during the current test. */
const cspViolations: string[] = [];

/** The violations reported so far, forgotten once read (for a test that provokes one on purpose). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

// Every test of every file that uses this module fails on a CSP violation, after its own assertions.
afterEach(() => {
  const found = takeCspViolations();
  if (found.length) throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
});

/**
 * Records every CSP violation in the context's pages: the page reports each as a
 * securitypolicyviolation event, which the init script turns into a console error with the details.
 */
async function watchCsp(context: BrowserContext) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`,
      );
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /^CSP violation|Content Security Policy/.test(text)) {
      cspViolations.push(`${message.page()?.url() ?? ''}: ${text}`);
    }
  });
}

/**
 * Debian's Chromium with the flags this machine needs (no sandbox as root, no background network).
 * Every context it opens (and so every page) is watched for CSP violations, which fail the test.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // As Playwright's own newPage: the page owns its context.
    page.once('close', () => void context.close());
    return page;
  };
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Signs in through the real form and waits until the app leaves the sign-in page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${BASE_URL}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  // Exactly: 'Sign in with Microsoft 365' is a button too when single sign-on is configured.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  // The active-tenant step asks (several tenants), or sets the tenant and loads the landing page afresh:
  // wait for either, so that the test's next navigation does not race that fresh load.
  if (new URL(page.url()).pathname.startsWith('/active-tenant-page')) {
    const steps = [
      page.waitForURL((url) => !url.pathname.startsWith('/active-tenant-page')),
      page.getByRole('combobox', { name: 'Active Tenant' }).waitFor(),
    ];
    // The wait that loses may fail later (its page closed): never an unhandled rejection.
    for (const step of steps) step.catch(() => {});
    await Promise.race(steps);
  }
}

/** Waits until the service worker is active, so its precache and the kept page shell are in place. */
export async function workerActive(page: Page) {
  // The app registers it after the page's load event; ready resolves once one is active.
  await page.evaluate(() =>
    navigator.serviceWorker.ready.then(
      ({ active }) =>
        new Promise<void>((resolve) => {
          if (active?.state === 'activated') resolve();
          else active?.addEventListener('statechange', () => active.state === 'activated' && resolve());
        }),
    ),
  );
}

/** Calls the API from Node (no browser), as the holder of `token` when one is given. */
export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${BASE_URL}/core/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Signs in through the API: a session of its own, apart from any browser's. */
export async function apiSignIn(email: string, password = DEMO_PASSWORD) {
  return api<{ user: { id: string }; token: string }>('POST', '/auth/login', { email, password, rememberMe: false });
}

/**
 * A new user of the demo tenants named, created by the demo super administrator, so that a test may
 * change the user's password or tenant without touching the demo accounts other tests use.
 */
export async function createUser(tenantNames: string[], name = 'Test') {
  const { token } = await apiSignIn('superadmin@atrium.test');
  const tenants = await api<{ id: string; name: string }[]>('GET', '/tenants/all', undefined, token);
  const tenantIds = tenantNames.map((n) => {
    const tenant = tenants.find((t) => t.name === n);
    if (!tenant) throw new Error(`no demo tenant named ${n}`);
    return tenant.id;
  });
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@atrium.test`;
  const user = await api<{ id: string }>(
    'POST',
    '/users',
    { name, surname: 'User', email, password: DEMO_PASSWORD, roles: ['User'], tenantIds },
    token,
  );
  // As the demo accounts are: the data-protection notice already confirmed.
  await api('POST', '/me/gdpr', undefined, (await apiSignIn(email)).token);
  return { id: user.id, email, tenantIds };
}

export type HubTransport = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/**
 * Resolves with the transport once the page's hub connection has completed its handshake (the server has
 * put it in its groups). Call it before the page loads: the connection starts 3 s after sign-in.
 */
export function hubConnected(page: Page, timeoutMs = 30_000): Promise<HubTransport> {
  const connected = new Promise<HubTransport>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no hub connection in ${timeoutMs} ms`)), timeoutMs);
    const done = (transport: HubTransport) => {
      clearTimeout(timer);
      resolve(transport);
    };
    const isHub = (url: string) => new URL(url).pathname === '/core/tenantHub';
    page.on('websocket', (ws) => {
      if (!isHub(ws.url())) return;
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('{}\u001e')) done('WebSockets');
      });
    });
    // Server-Sent Events and long polling: the stream or first poll opens, then the handshake is POSTed.
    let opened: HubTransport | undefined;
    page.on('request', (request) => {
      if (!isHub(request.url()) || request.method() !== 'GET') return;
      opened = request.resourceType() === 'eventsource' ? 'ServerSentEvents' : 'LongPolling';
    });
    page.on('requestfinished', async (request) => {
      if (!isHub(request.url()) || request.method() !== 'POST' || !opened) return;
      if (!request.postData()?.includes('"protocol":"json"')) return;
      if ((await request.response())?.ok()) done(opened);
    });
  });
  // A test that fails before it awaits this must not also leave an unhandled rejection behind.
  connected.catch(() => {});
  return connected;
}

/** SHOTS_DIR set: the page as it is now, in light and dark, as `<name>-<width>-<scheme>.png` there. */
export async function photograph(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}-${scheme}.png` });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
}
