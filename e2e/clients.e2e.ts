import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, launchBrowser, signIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // Northwind goes back to kilometres, its default, whatever happened.
  const { token } = await apiSignIn('admin@atrium.test');
  await api('PATCH', '/companies/updateMapInfo', { useKmAsValues: true }, token);
  await browser?.close();
});

/** Something unique to this run, so the flow also works against a database that has seen it before. */
const RUN = Date.now().toString(36);
const CLIENT = `Fjord Fisk ${RUN}`;

async function addLocation(page: Page, clientId: string, title: string, radius: string) {
  await page.getByRole('link', { name: 'Add location' }).click();
  await page.waitForURL(`${BASE_URL}/admin/clients/new/location/${clientId}`);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Latitude' }).fill(title.startsWith('North') ? '57.05' : '56.95');
  await page.getByRole('textbox', { name: 'Longitude' }).fill('9.92');
  await page.getByRole('combobox', { name: 'Radius' }).click();
  await page.getByRole('option', { name: radius, exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${BASE_URL}/admin/clients/locations/${clientId}`);
  await page.getByTestId('location-row').filter({ hasText: title }).waitFor();
}

describe('clients', () => {
  it('a tenant administrator keeps a client with a contact and two locations, switches to miles and deletes it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'admin@atrium.test');

    // The client.
    await page.goto(`${BASE_URL}/admin/clients`);
    await page.getByRole('link', { name: 'Add client' }).click();
    await page.waitForURL(`${BASE_URL}/admin/clients/new`);
    // An invalid submit sends nothing and marks the name.
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('textbox', { name: 'Name' }).fill(CLIENT);
    await page.getByRole('textbox', { name: 'Address' }).fill('Havnegade 2, 9000 Aalborg');
    await page.getByRole('textbox', { name: 'Latitude' }).fill('57.0488');
    await page.getByRole('textbox', { name: 'Longitude' }).fill('9.9217');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${BASE_URL}/admin/clients`);
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(RUN);
    await page.waitForURL((url) => url.searchParams.get('search') === RUN);
    const row = page.getByTestId('client-row').filter({ hasText: CLIENT });
    await row.waitFor();
    const clientId = (await row.getByRole('link', { name: `Edit ${CLIENT}` }).getAttribute('href'))!.split('/').at(-1)!;

    // A contact.
    await row.getByRole('link', { name: `Contacts of ${CLIENT}` }).click();
    await page.getByRole('heading', { name: `Contacts list for ${CLIENT}` }).waitFor();
    await page.getByRole('link', { name: 'Add contact' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Karen Fisker');
    // No format check on the email (spec part 2 §5).
    await page.getByRole('textbox', { name: 'Email' }).fill('karen at fjordfisk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${BASE_URL}/admin/clients/contacts/${clientId}`);
    await page.getByTestId('contact-row').filter({ hasText: 'Karen Fisker' }).waitFor();

    // Two locations with radii in kilometres, drawn on the map (no tiles configured: its honest notice).
    await page.goto(`${BASE_URL}/admin/clients/locations/${clientId}`);
    await page.getByRole('heading', { name: `Locations list for ${CLIENT}` }).waitFor();
    await addLocation(page, clientId, 'North quay', '5 km');
    await addLocation(page, clientId, 'South store', '0.5 km');
    await page.getByText('The map has no tiles configured').waitFor();
    const map = page.getByRole('region', { name: `Map of ${CLIENT} and its locations` });
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBeGreaterThanOrEqual(5);
    expect(await page.getByRole('combobox', { name: 'Radius of North quay' }).inputValue()).toBe('5 km');

    // The tenant switches to miles: the options change, the saved radii stay.
    await page.goto(`${BASE_URL}/admin/clients`);
    const units = page.getByRole('switch', { name: 'Radius in kilometres' });
    // Until the tenant's map info has loaded the switch shows kilometres but is disabled, and a forced click
    // on it would do nothing.
    await expect.poll(() => units.isEnabled()).toBe(true);
    expect(await units.isChecked()).toBe(true);
    await units.click({ force: true });
    await page.getByText('Location radii are now chosen in miles.').waitFor();
    await page.goto(`${BASE_URL}/admin/clients/new/location/${clientId}`);
    await page.getByRole('combobox', { name: 'Radius' }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['3 mi', '4 mi', '5 mi', '6 mi', '7 mi', '8 mi', '9 mi', '10 mi', '12 mi', '15 mi']);
    await page.keyboard.press('Escape');

    // Delete: the confirmation says what goes with the client.
    await page.goto(`${BASE_URL}/admin/clients?search=${RUN}`);
    await page.getByRole('button', { name: `Delete ${CLIENT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete client' });
    await dialog.getByText('Its 1 contact and 2 locations are deleted with it.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No clients yet').or(page.getByText('Nothing matches your search')).waitFor();
    const { token } = await apiSignIn('admin@atrium.test');
    await expect(api('GET', `/companies/loadOneCompany/${clientId}`, undefined, token)).rejects.toThrow(/404/);
    await page.close();
    // A whole client's life in one test: 41 s here alone, past the default 60 s on a busy CI machine.
  }, 150_000);
});
