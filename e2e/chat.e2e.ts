import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, createUser, hubConnected, launchBrowser, signIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A live event needs no request of the tab: it shows quickly. */
const LIVE_MS = 10_000;

/** A browser of its own for a fresh user of Northwind, signed in. */
async function signedIn(email: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await signIn(page, email);
  await page.waitForURL(`${BASE_URL}/home`);
  return { context, page };
}

/** Opens /chat and waits for the page's own hub connection (it starts 3 s after the load). */
async function openChat(page: Page) {
  const connected = hubConnected(page);
  await page.goto(`${BASE_URL}/chat`);
  await connected;
}

const log = (page: Page) => page.getByRole('log');

describe('chat', () => {
  it('two users in two browsers see each other’s messages live', async () => {
    const ann = await createUser(['Northwind Partners'], 'Ann');
    const ben = await createUser(['Northwind Partners'], 'Ben');
    const a = await signedIn(ann.email);
    const b = await signedIn(ben.email, 375);
    try {
      // Ben waits on the conversation list (at phone width it is the list alone).
      await openChat(b.page);
      const bensList = b.page.getByRole('navigation', { name: 'Conversations' });
      const annItem = bensList.getByRole('button', { name: /Ann User/ });
      await annItem.waitFor();

      // Ann opens Ben's conversation from her list and writes; Enter sends.
      await openChat(a.page);
      await a.page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('button', { name: /Ben User/ })
        .click();
      await log(a.page).getByText('No messages yet. Say hello!').waitFor();
      const annBox = a.page.getByRole('textbox', { name: 'Message to Ben User' });
      await annBox.fill('Hello Ben, the plan: https://example.com/plan');
      await annBox.press('Enter');
      await log(a.page).getByText('Hello Ben, the plan:').waitFor();
      // The box empties once the send is answered, which may come just after the message shows live.
      await expect.poll(() => annBox.inputValue()).toBe('');

      // Ben's list shows it unread, without a reload; he opens it and reads it.
      await annItem.getByLabel('1 unread message').waitFor({ timeout: LIVE_MS });
      await annItem.click();
      await log(b.page).getByText('Hello Ben, the plan:').waitFor();
      const link = log(b.page).getByRole('link', { name: 'https://example.com/plan' });
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('target')).toBe('_blank');

      // Ben answers on two lines (Shift+Enter); Ann sees it live in the open conversation.
      const benBox = b.page.getByRole('textbox', { name: 'Message to Ann User' });
      await benBox.fill('Thanks!');
      await benBox.press('Shift+Enter');
      await benBox.type('<b>looks good</b>');
      await benBox.press('Enter');
      await log(a.page).getByText('<b>looks good</b>').waitFor({ timeout: LIVE_MS });
      expect(await log(a.page).locator('b').count()).toBe(0);

      // At phone width the header's back arrow leads from the conversation back to the list.
      await b.page.getByRole('banner').getByRole('button', { name: 'Go back' }).click();
      await bensList.waitFor();
      expect(await annItem.getByLabel(/unread/).count()).toBe(0);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
