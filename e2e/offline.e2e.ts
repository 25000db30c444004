import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, launchBrowser, photograph, signIn, workerActive } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Something unique to this run, so the flow also works against a database that has seen it before. */
const RUN = Date.now().toString(36);
// SHOTS_DIR set: the banner, label, list and dialog are photographed on the way (light and dark).
const SHOTS_DIR = process.env.SHOTS_DIR;

type Client = { id: string; title: string };
type Contact = { id: string; name: string; companyId: string };

/**
 * Loads the pages the flow needs while online, moving inside the app: without the service worker
 * (not this test's subject) a page the browser has never loaded cannot load offline.
 */
async function openClientFormWarm(page: Page) {
  await page.goto(`${BASE_URL}/admin/clients`);
  const row = page.getByTestId('client-row').first();
  await row.waitFor();
  // A wide list has an edit action per row; the cards' title is the link to the client.
  const wide = page.viewportSize()!.width >= 1200;
  await (wide ? row.getByRole('link', { name: /^Edit / }) : row.getByRole('link').first()).click();
  await page.getByRole('link', { name: /^\d+ contacts?$/ }).click();
  await page.getByRole('link', { name: 'Add contact' }).click();
  await page.getByRole('textbox', { name: 'Email' }).waitFor();
  for (let i = 0; i < 3; i++) await page.goBack();
  await page.getByRole('link', { name: 'Add client' }).click();
  await page.getByRole('textbox', { name: 'Name' }).waitFor();
}

/**
 * After a client was saved offline: back on the clients list (as online), whose note of unsynced
 * clients links to the new one's page; opens it and answers its placeholder id.
 */
async function openPendingClient(page: Page, title: string) {
  await page.waitForURL(`${BASE_URL}/admin/clients`);
  const link = page.getByRole('link', { name: title, exact: true });
  await link.waitFor();
  await photograph(page, 'offline-pending-list');
  await link.click();
  await page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
  await page.getByRole('textbox', { name: 'Name' }).waitFor();
  return page.url().split('/').at(-1)!;
}

describe('offline', () => {
  it.each([1280, 375])(
    'a client and its contact made offline (%i px) are kept, shown as 2 unsynced changes, and stored once when the network returns',
    async (width) => {
      const title = `Offline Fisk ${RUN}-${width}`;
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, 'admin@atrium.test');
      await openClientFormWarm(page);

      await context.setOffline(true);
      await page.getByTestId('offline-banner').getByText('You are offline').waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill(title);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved offline: it will sync when you are back online').first().waitFor();
      // Back to the list, as online; the pending client links to its own page, from what was queued.
      const placeholder = await openPendingClient(page, title);
      await page.getByTestId('offline-banner').getByText('1 unsynced change').waitFor();

      await page.getByRole('link', { name: '0 contacts' }).click();
      await page.getByRole('link', { name: 'Add contact' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill('Ada Offline');
      await page.getByRole('textbox', { name: 'Email' }).fill('ada@offline.test');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(`${BASE_URL}/admin/clients/contacts/${placeholder}`);
      await page.getByTestId('offline-banner').getByText('2 unsynced changes').waitFor();
      // The server has none of a queued client's contacts: the list is empty, the new one waits above it.
      await page.getByText('No contacts yet').waitFor();
      expect(await page.getByText('Could not load the contacts').count()).toBe(0);
      await photograph(page, 'offline-banner');

      // The details: a create icon each, the contact linked to the client.
      await page.getByTestId('unsynced-label').click();
      const dialog = page.getByRole('dialog', { name: 'Unsynced changes' });
      await expect.poll(() => dialog.getByTestId('queue-entry').count()).toBe(2);
      expect(await dialog.getByText(`New client ${title}`, { exact: true }).count()).toBe(1);
      expect(await dialog.getByText('New contact Ada Offline', { exact: true }).count()).toBe(1);
      expect(await dialog.getByTestId('queue-entry').nth(1).getByText('Linked').count()).toBe(1);
      expect(await dialog.getByText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/).count()).toBe(2);
      await photograph(page, 'offline-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // The network is cut in the middle of the replay: the contact's request reaches the server and
      // is stored, but its answer is lost. The retry (same Idempotency-Key) gets the stored answer.
      let cut = 0;
      await page.route('**/core/api/contacts/postContact', async (route) => {
        if (cut++ > 0) return route.continue();
        await route.fetch();
        await route.abort('connectionreset');
      });

      // Back online: the sync starts by itself and the page moves to the real client.
      await context.setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
      await page.getByTestId('unsynced-label').waitFor({ state: 'detached', timeout: 20_000 });
      await page.waitForURL((url) => !url.pathname.includes(placeholder));
      await page.getByTestId('contact-row').filter({ hasText: 'Ada Offline' }).waitFor();
      expect(cut).toBe(2);

      const { token } = await apiSignIn('admin@atrium.test');
      const clients = await api<{ data: Client[] }>(
        'GET',
        `/companies?search=${encodeURIComponent(title)}`,
        undefined,
        token,
      );
      expect(clients.data.map((c) => c.title)).toEqual([title]);
      const clientId = clients.data[0]!.id;
      expect(page.url()).toBe(`${BASE_URL}/admin/clients/contacts/${clientId}`);
      const contacts = await api<{ data: Contact[] }>(
        'GET',
        `/contacts/customLoadPage/?clientId=${clientId}`,
        undefined,
        token,
      );
      expect(contacts.data.map((c) => [c.name, c.companyId])).toEqual([['Ada Offline', clientId]]);
      await api('DELETE', `/companies/${clientId}`, undefined, token);
      await context.close();
    },
  );

  it('three dependent changes survive reloads with no network, and a replay cut in the middle, and are stored once', async () => {
    const title = `Reload Fisk ${RUN}`;
    const renamed = `Reload Fisk renamed ${RUN}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'admin@atrium.test');
    await workerActive(page);
    await openClientFormWarm(page);

    // Offline: a client, a contact of it, and the client renamed (both use its placeholder id).
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Name' }).fill(title);
    await page.getByRole('button', { name: 'Save' }).click();
    const placeholder = await openPendingClient(page, title);
    const clientPage = page.url();
    await page.getByRole('link', { name: '0 contacts' }).click();
    await page.getByRole('link', { name: 'Add contact' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Bo Offline');
    await page.getByRole('textbox', { name: 'Email' }).fill('bo@offline.test');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${BASE_URL}/admin/clients/contacts/${placeholder}`);
    await page.goBack();
    await page.waitForURL(clientPage);
    await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('offline-banner').getByText('3 unsynced changes').waitFor();
    // The pages' data is written to disk a moment after it changes.
    await page.waitForTimeout(1500);

    // A reload with no network: the shell from the service worker, the user still signed in, the
    // client's page from the data kept on this device, the queue still there.
    const reloaded = await page.goto(clientPage);
    expect(reloaded?.fromServiceWorker()).toBe(true);
    const banner = page.getByTestId('offline-banner');
    await banner.getByText('Showing what this device kept from your last visit').waitFor();
    await banner.getByText('3 unsynced changes').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(renamed);
    await photograph(page, 'offline-reloaded');
    if (SHOTS_DIR) {
      await page.setViewportSize({ width: 375, height: 800 });
      await photograph(page, 'offline-reloaded');
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.getByTestId('unsynced-label').click();
    const dialog = page.getByRole('dialog', { name: 'Unsynced changes' });
    await expect.poll(() => dialog.getByTestId('queue-entry').count()).toBe(3);
    expect(await dialog.getByText('Linked').count()).toBe(2);
    expect(await dialog.getByText('Sign in to sync').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Back online, the network goes again in the middle of the replay: the contact reached the server
    // and was stored, its answer never came back.
    let contactPosts = 0;
    await context.route('**/core/api/contacts/postContact', async (route) => {
      contactPosts += 1;
      if (contactPosts > 1) return route.continue();
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await context.setOffline(false);
    await expect.poll(() => contactPosts, { timeout: 20_000 }).toBe(1);
    // The client is stored (the page moved to its real id); the contact and the rename still wait.
    await page.waitForURL((url) => !url.pathname.includes(placeholder), { timeout: 20_000 });
    const realId = page.url().split('/').at(-1)!;
    await banner.getByText('2 unsynced changes').waitFor();

    // Reloaded again with no network: the two are still queued, now with the client's real id (so no
    // longer linked to a queued change).
    await page.reload();
    await banner.getByText('Showing what this device kept from your last visit').waitFor();
    await banner.getByText('2 unsynced changes').waitFor();
    await page.getByTestId('unsynced-label').click();
    await expect.poll(() => dialog.getByTestId('queue-entry').count()).toBe(2);
    expect(await dialog.getByText('Linked').count()).toBe(0);
    const queued = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('atrium-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('requests').objectStore('requests').getAll();
            all.onsuccess = () => resolve(JSON.stringify(all.result));
          };
        }),
    );
    expect(queued).toContain(realId);
    expect(queued).not.toContain(placeholder);
    await page.keyboard.press('Escape');

    // Online: the session is refreshed, the rest is sent; the contact's repeat gets the stored answer.
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('unsynced-label').waitFor({ state: 'detached', timeout: 20_000 });
    expect(contactPosts).toBe(2);

    const { token } = await apiSignIn('admin@atrium.test');
    const search = (q: string) =>
      api<{ data: Client[] }>('GET', `/companies?search=${encodeURIComponent(q)}`, undefined, token);
    expect((await search(`Reload Fisk`)).data.filter((c) => c.title.endsWith(RUN)).map((c) => c.title)).toEqual([
      renamed,
    ]);
    const contacts = await api<{ data: Contact[] }>(
      'GET',
      `/contacts/customLoadPage/?clientId=${realId}`,
      undefined,
      token,
    );
    expect(contacts.data.map((c) => [c.name, c.companyId])).toEqual([['Bo Offline', realId]]);
    await api('DELETE', `/companies/${realId}`, undefined, token);
    await context.close();
  });

  it('dismiss all (after asking) empties the queue: nothing reaches the server', async () => {
    const title = `Dismissed ${RUN}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'admin@atrium.test');
    await openClientFormWarm(page);
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Name' }).fill(title);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('unsynced-label').click();
    const dialog = page.getByRole('dialog', { name: 'Unsynced changes' });
    await dialog.getByRole('button', { name: 'Dismiss all' }).click();
    await dialog.getByText('Dismiss every unsynced change?').waitFor();
    await dialog.getByRole('button', { name: 'Dismiss all' }).last().click();
    await page.getByTestId('unsynced-label').waitFor({ state: 'detached' });
    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    const { token } = await apiSignIn('admin@atrium.test');
    const clients = await api<{ data: Client[] }>(
      'GET',
      `/companies?search=${encodeURIComponent(title)}`,
      undefined,
      token,
    );
    expect(clients.data).toEqual([]);
    await context.close();
  });
});
