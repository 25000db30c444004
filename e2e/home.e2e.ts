import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, createUser, hubConnected, launchBrowser, signIn } from './support.js';

const PAYLOADS: string[] = JSON.parse(
  readFileSync(new URL('../apps/server/test/fixtures/xss-payloads.json', import.meta.url), 'utf8'),
);

/** A live event needs no request of the tab, so it shows quickly. */
const LIVE_MS = 10_000;
/** Payloads whose handler only a page load would set off: autofocus, onload. */
const FRESH_DOCUMENT = /autofocus|onload/i;

let browser: Browser;
let operator: string;
beforeAll(async () => {
  browser = await launchBrowser();
  operator = (await apiSignIn('superadmin@atrium.test')).token;
});
afterAll(() => browser?.close());

type FeatureItem = { id: string; name: string; customTitle: string | null; customDescription: string | null };

/** A tenant of its own with Time logs, Chat and Notifications, and a user of it, so the demo tenants stay as they are. */
async function tenantWithUser(label: string) {
  const catalogue = await api<{ id: string; name: string }[]>('GET', '/tenants/empty/features', undefined, operator);
  const { user } = await apiSignIn('superadmin@atrium.test');
  const name = `${label} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const tenant = await api<{ id: string }>(
    'POST',
    '/tenants',
    {
      name,
      userIds: [user.id],
      featureIds: catalogue.filter((f) => ['TimeLogs', 'Chat', 'Notifications'].includes(f.name)).map((f) => f.id),
    },
    operator,
  );
  const member = await createUser([name], 'Home');
  return { tenantId: tenant.id, email: member.email };
}

async function openHome(email: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const connected = hubConnected(page);
  await signIn(page, email);
  await page.waitForURL(`${BASE_URL}/home`);
  await connected;
  return page;
}

const chatItem = async (tenantId: string) =>
  (await api<FeatureItem[]>('GET', `/tenants/${tenantId}/featureitems`, undefined, operator)).find(
    (f) => f.name === 'Chat',
  )!;

describe('an operator’s change reaches an open /home without a reload', () => {
  for (const width of [1280, 375]) {
    it(`shows the new feature title and welcome content at ${width} px`, async () => {
      const { tenantId, email } = await tenantWithUser(`Live ${width}`);
      const page = await openHome(email, width);
      // The default first: no content, the item's own name.
      await page.getByRole('main').getByRole('link', { name: /Chat/ }).waitFor();
      // A one-word label stays whole: it shrinks to fit a phone's tile rather than break ('Notification / s').
      const label = page
        .getByRole('main')
        .getByRole('link', { name: /^Notifications/ })
        .locator('p')
        .first();
      const lines = await label.evaluate((p) => {
        const range = document.createRange();
        range.selectNodeContents(p);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      if (width > 768) await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      // A reload would lose this mark.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      const chat = await chatItem(tenantId);
      await api('PUT', `/tenants/${tenantId}/featureitems`, [{ id: chat.id, customTitle: 'Bulletin' }], operator);
      await api(
        'PUT',
        `/tenants/${tenantId}/content`,
        {
          headline: 'Welcome aboard',
          pageHtml: '<p>Start your day <strong>here</strong>.</p>',
          descriptionMobile: 'Everything for the team, on your phone.',
        },
        operator,
      );

      await page
        .getByRole('main')
        .getByRole('link', { name: /Bulletin/ })
        .waitFor({ timeout: LIVE_MS });
      if (width > 768) {
        await page.getByRole('heading', { level: 1, name: 'Welcome aboard' }).waitFor({ timeout: LIVE_MS });
        expect(await page.getByText('Start your day here.').isVisible()).toBe(true);
      } else {
        await page.getByText('Everything for the team, on your phone.').waitFor({ timeout: LIVE_MS });
      }
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await page.context().close();
    });
  }
});

describe('the welcome video', () => {
  it('plays from an allowed video host in a sandboxed frame that the page’s CSP lets load', async () => {
    const videoUrl = `${process.env.E2E_VIDEO_ORIGIN}/embed/intro`;
    const { tenantId, email } = await tenantWithUser('Video');
    await api('PUT', `/tenants/${tenantId}/content`, { headline: 'Watch this', videoUrl }, operator);
    const page = await openHome(email, 1280);
    const frame = page.locator('iframe');
    // The frame loads lazily: bring it into view.
    await frame.scrollIntoViewIfNeeded();
    expect(await frame.getAttribute('src')).toBe(videoUrl);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    await page.frameLocator('iframe').getByText('Video player').waitFor();
    await page.context().close();
  });
});

describe('rich text from the API executes nothing on /home', () => {
  /** Counts calls of the payloads' __xss() and of alert(), from before the app's first script. */
  async function watchedPage(width: number, email: string, home = true) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript(() => {
      const w = window as unknown as { __xss: () => void; __xssHits: number; alert: () => void };
      w.__xssHits = 0;
      w.__xss = () => {
        w.__xssHits += 1;
      };
      w.alert = w.__xss;
    });
    const page = await context.newPage();
    const connected = hubConnected(page);
    await signIn(page, email);
    if (home) {
      await page.waitForURL(`${BASE_URL}/home`);
      // Each operator's change then reaches the open page live (TenantChanged), with no reload.
      await connected;
    }
    return page;
  }
  const hits = (page: Page) => page.evaluate(() => (window as unknown as { __xssHits: number }).__xssHits);

  it(`puts each of ${PAYLOADS.length} payloads through every rich-text field and runs none of them`, async () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const { tenantId, email } = await tenantWithUser('XSS');
    const chat = await chatItem(tenantId);
    const page = await watchedPage(1280, email);
    for (const [i, payload] of PAYLOADS.entries()) {
      await api(
        'PUT',
        `/tenants/${tenantId}/featureitems`,
        [{ id: chat.id, customTitle: `T${i} ${payload}`.slice(0, 100), customDescription: payload }],
        operator,
      );
      await api(
        'PUT',
        `/tenants/${tenantId}/content`,
        {
          headline: `H${i} ${payload}`.slice(0, 200),
          pageHtml: `<p>P${i}</p>${payload}`,
          pageHtml2: payload,
          descriptionMobile: payload,
        },
        operator,
      );
      const shown = async () => {
        await page.getByRole('heading', { level: 1, name: new RegExp(`^H${i} `) }).waitFor({ timeout: LIVE_MS });
        await page.getByText(`P${i}`, { exact: true }).waitFor({ timeout: LIVE_MS });
        expect(await hits(page), `payload ${i}: ${payload}`).toBe(0);
      };
      // Rendered in place first, as the live change puts it in the page.
      await shown();
      // A browser honours autofocus once per document and fires load handlers as a document loads: these
      // payloads are also rendered by a fresh page.
      if (FRESH_DOCUMENT.test(payload)) {
        const connected = hubConnected(page);
        await page.reload();
        await shown();
        // The next change comes live again once the new page's hub connection is up.
        await connected;
      }
    }
    // The mobile view renders the plain-text fields; the operator's editor renders the stored descriptions.
    const phone = await watchedPage(375, email);
    await phone.getByText(PAYLOADS.at(-1)!, { exact: true }).waitFor();
    expect(await hits(phone)).toBe(0);
    await api(
      'PUT',
      `/tenants/${tenantId}/featureitems`,
      [{ id: chat.id, customDescription: PAYLOADS.join('\n') }],
      operator,
    );
    const editor = await watchedPage(1280, 'superadmin@atrium.test', false);
    await editor.goto(`${BASE_URL}/tenants/description/${tenantId}`);
    await editor.getByRole('textbox', { name: 'Description of Chat' }).waitFor();
    expect(await hits(editor)).toBe(0);
    for (const p of [page, phone, editor]) await p.context().close();
  }, 300_000);
});
