import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, createUser, hubConnected, launchBrowser, signIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const RUN = Date.now().toString(36);

/** The Northwind administrator adds a document with its file: every other member gets DocumentAdded. */
async function addDocument(title: string) {
  const { token } = await apiSignIn('admin@atrium.test');
  const type = await api<{ id: string }>(
    'POST',
    '/documenttypes',
    { name: `Notices ${title}`, isShownOnSideMenu: false },
    token,
  );
  const doc = await api<{ id: string }>('POST', '/documents/postdocument', { title, documentTypeId: type.id }, token);
  const form = new FormData();
  form.append('file', new Blob(['Hello Northwind\n'], { type: 'text/plain' }), 'notice.txt');
  const res = await fetch(`${BASE_URL}/core/api/documents/${doc.id}/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
}

describe('notifications', () => {
  it('a notification raised for a user shows on their badge live, and opens in their inbox', async () => {
    const user = await createUser(['Northwind Partners'], 'Notified');
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const connected = hubConnected(page);
    await signIn(page, user.email);
    await page.waitForURL(`${BASE_URL}/home`);
    await connected;
    const badge = page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('count-Notifications');
    // Nothing unread: no badge at all (a zero would read as one more thing to look at).
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Notifications' })
      .waitFor();
    expect(await badge.count()).toBe(0);

    const title = `Fire drill ${RUN}`;
    await addDocument(title);
    // No reload: ReloadNotifications reaches the page through the hub.
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('1');

    await page.goto(`${BASE_URL}/notifications/inbox`);
    const item = page.getByText(`New document: ${title}`);
    await item.waitFor();
    await page.getByRole('button', { name: `Mark “New document: ${title}” as read` }).click();
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(0);
  });

  it('the interval chosen for an event type is saved at once and still there after a reload', async () => {
    const user = await createUser(['Northwind Partners'], 'Chooser');
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(page, user.email);
    await page.goto(`${BASE_URL}/notifications`);
    const select = page.getByRole('combobox', { name: 'How often for Document added' });
    await select.waitFor();
    expect(await select.inputValue()).toBe('-1');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/notification/changeNotificationInterval') && r.request().method() === 'PUT',
    );
    await select.selectOption({ label: 'Once A Week' });
    expect((await saved).status()).toBe(200);
    await page.reload();
    const again = page.getByRole('combobox', { name: 'How often for Document added' });
    await again.waitFor();
    await expect.poll(() => again.inputValue()).toBe('3');
    // The project form does not let a plain user in, so neither does its link.
    expect(await page.getByRole('link', { name: 'Add Project' }).count()).toBe(0);

    // For a tenant administrator the 'Add Project' link is there on a wide screen, and not under 1050 px.
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(admin, 'admin@atrium.test');
    await admin.goto(`${BASE_URL}/notifications`);
    await expect.poll(() => admin.getByRole('link', { name: 'Add Project' }).isVisible()).toBe(true);
    await admin.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => admin.getByRole('link', { name: 'Add Project' }).isVisible()).toBe(false);
  });
});
