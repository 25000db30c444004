import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, createUser, hubConnected, launchBrowser, signIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A live event needs no request of the tab: it shows quickly. */
const LIVE_MS = 10_000;
const RUN = Date.now().toString(36);

/** A browser of its own for a user, signed in. */
async function signedIn(email: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** Opens a page and waits for the tab's own hub connection (it starts 3 s after the load). */
async function openLive(page: Page, path: string) {
  const connected = hubConnected(page);
  await page.goto(`${BASE_URL}${path}`);
  await connected;
}

describe('sprints', () => {
  it('two members in two browsers: one adds an idea, the other sees it live, votes and comments; the info page counts them', async () => {
    const sara = await createUser(['Northwind Partners'], 'Sara');
    const sven = await createUser(['Northwind Partners'], 'Sven');
    // Ada, the tenant administrator, starts the collaboration and adds both.
    const { token } = await apiSignIn('admin@atrium.test');
    const title = `Idea day ${RUN}`;
    const collaboration = await api<{ id: string }>('POST', '/sprints/collaborations', { title }, token);
    await api('POST', `/sprints/collaborations/${collaboration.id}/members`, { userIds: [sara.id, sven.id] }, token);
    const path = `/sprints/${collaboration.id}`;

    const a = await signedIn(sara.email);
    const b = await signedIn(sven.email, 375);
    try {
      await openLive(b.page, path);
      await b.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await b.page.getByText('No ideas yet').waitFor();
      await openLive(a.page, path);

      // Sara adds an idea.
      const idea = `Walking meetings ${RUN}`;
      await a.page.getByRole('button', { name: 'New idea' }).click();
      const dialog = a.page.getByRole('dialog', { name: 'New idea' });
      await dialog.getByRole('textbox', { name: 'Title' }).fill(idea);
      await dialog.getByRole('button', { name: 'Add idea' }).click();
      await dialog.waitFor({ state: 'detached' });
      await a.page.getByTestId('idea').filter({ hasText: idea }).waitFor();

      // Sven sees it without reloading, and votes for it; Sara sees the vote live.
      const svensIdea = b.page.getByTestId('idea').filter({ hasText: idea });
      await svensIdea.waitFor({ timeout: LIVE_MS });
      await svensIdea.getByRole('button', { name: `Vote for “${idea}”` }).click();
      await svensIdea.getByRole('button', { name: `Take back your vote for “${idea}”` }).waitFor();
      const sarasIdea = a.page.getByTestId('idea').filter({ hasText: idea });
      await sarasIdea.getByText('1 vote', { exact: true }).waitFor({ timeout: LIVE_MS });

      // Sven comments; Sara sees the comment count live, and the comment when she opens them.
      await svensIdea.getByRole('button', { name: new RegExp(`^Comments on “${idea}”`) }).click();
      const box = svensIdea.getByRole('textbox', { name: `Your comment on “${idea}”` });
      await box.fill('Yes, every Friday!');
      await svensIdea.getByRole('button', { name: 'Comment', exact: true }).click();
      await svensIdea.getByText('Yes, every Friday!').waitFor();
      await sarasIdea.getByRole('button', { name: /1 comment$/ }).waitFor({ timeout: LIVE_MS });
      await sarasIdea.getByRole('button', { name: new RegExp(`^Comments on “${idea}”`) }).click();
      await sarasIdea.getByText('Yes, every Friday!').waitFor();
    } finally {
      await a.context.close();
      await b.context.close();
    }

    // The tenant's info page counts the new collaboration: Ada, Sara and Sven, one idea, one comment.
    const s = await signedIn('superadmin@atrium.test');
    try {
      const { token: superToken } = await apiSignIn('superadmin@atrium.test');
      const tenants = await api<{ id: string; name: string }[]>('GET', '/tenants/all', undefined, superToken);
      const northwind = tenants.find((t) => t.name === 'Northwind Partners')!;
      await s.page.goto(`${BASE_URL}/tenants/info/${northwind.id}`);
      const row = s.page.getByRole('row', { name: new RegExp(title) });
      await expect
        .poll(() => row.getByRole('cell').allTextContents(), { timeout: LIVE_MS })
        .toEqual([title, '3', '1', '1']);
    } finally {
      await s.context.close();
    }
    // Three sign-ins and two pages each waiting for their hub connection (3 s after the load).
  }, 180_000);
});
