import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, createUser, launchBrowser, signIn, workerActive } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const RUN = Date.now().toString(36);
const PROJECT = `Lighthouse ${RUN}`;
// A week of its own, far from the demo's hours: Monday 2 March 2026 to Sunday 8 March 2026.
const WEEK = '2026-03-02';

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  return context.newPage();
}

const cell = (page: Page, task: string, day: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${task} \\(${PROJECT}\\), ${day}`) });

describe('weekly time logging', () => {
  let worker: { id: string; email: string };

  beforeAll(async () => {
    worker = await createUser(['Northwind Partners'], 'Tim');
    // Ada Admin runs Northwind: she puts the new user on a project of two tasks.
    const { token } = await apiSignIn('admin@atrium.test');
    await api(
      'POST',
      '/timelogs/project',
      { name: PROJECT, startDate: '2026-01-01', memberIds: [worker.id], tasks: ['Lamp repair', 'Painting'] },
      token,
    );
  });

  it('a user logs a week with the keyboard, and after a reload sees the same numbers', async () => {
    const page = await newPage();
    await signIn(page, worker.email);
    await page.goto(`${BASE_URL}/timelogs?week=${WEEK}`);
    await page.getByTestId('week-range').filter({ hasText: '02-03-2026 till 08-03-2026' }).waitFor();

    // An empty week: add both tasks as rows.
    for (const task of ['Lamp repair', 'Painting']) {
      await page.getByRole('combobox', { name: 'Add a task to this week' }).click();
      await page.getByRole('option', { name: task }).click();
      await page.getByRole('button', { name: 'Add row' }).click();
      await cell(page, task, 'Mon').waitFor();
    }

    // Monday to Friday on the first task with Tab, then down to the second task with the arrow key.
    await cell(page, 'Lamp repair', 'Mon').click();
    for (const hours of ['7,5', '8', '6.25', '7', '4']) {
      await page.keyboard.type(hours);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('1.5');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('week-total').textContent()).toBe('34.25');
    // Every save has landed: no cell is still saving.
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);

    await page.reload();
    await cell(page, 'Lamp repair', 'Mon').waitFor();
    expect(await cell(page, 'Lamp repair', 'Mon').inputValue()).toBe('7.5');
    expect(await cell(page, 'Lamp repair', 'Wed').inputValue()).toBe('6.25');
    expect(await cell(page, 'Painting', 'Sat').inputValue()).toBe('1.5');
    expect(await page.getByTestId('day-total-0').textContent()).toBe('7.5');
    expect(await page.getByTestId('week-total').textContent()).toBe('34.25');

    // A day past 24 hours is refused with a reason, and what was typed stays.
    await cell(page, 'Painting', 'Mon').click();
    await page.keyboard.type('20');
    await page.keyboard.press('Tab');
    await page.getByRole('alert').filter({ hasText: 'A day cannot have more than 24 hours in total.' }).waitFor();
    expect(await cell(page, 'Painting', 'Mon').inputValue()).toBe('20');
    expect(await page.getByTestId('week-total').textContent()).toBe('34.25');
    await page.context().close();
  });

  it('hours typed on a phone with no network are kept, shown as pending and counted, and saved when it returns', async () => {
    // A week of its own, outside the overview's: Monday 6 April 2026.
    const week = '2026-04-06';
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, worker.email);
    await workerActive(page);
    await page.goto(`${BASE_URL}/timelogs?week=${week}`);
    await page.getByTestId('week-range').filter({ hasText: '06-04-2026 till 12-04-2026' }).waitFor();
    for (const task of ['Lamp repair', 'Painting']) {
      await page.getByRole('combobox', { name: 'Add a task to this week' }).click();
      await page.getByRole('option', { name: task }).click();
      await page.getByRole('button', { name: 'Add row' }).click();
      await cell(page, task, 'Mon').waitFor();
    }
    await cell(page, 'Lamp repair', 'Mon').fill('8');
    await cell(page, 'Lamp repair', 'Mon').press('Tab');
    await expect.poll(() => page.getByTestId('week-total').textContent()).toBe('8');
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);

    await context.setOffline(true);
    await cell(page, 'Lamp repair', 'Tue').fill('3,5');
    await cell(page, 'Lamp repair', 'Tue').press('Tab');
    await cell(page, 'Painting', 'Tue').fill('2');
    await cell(page, 'Painting', 'Tue').press('Tab');
    const pendingMarks = page.getByRole('table').getByLabel('Waiting to be saved', { exact: true });
    await expect.poll(() => pendingMarks.count()).toBe(2);
    const described = (task: string) =>
      cell(page, task, 'Tue').evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    expect(await described('Lamp repair')).toContain('Waiting to be saved');
    expect(await page.getByTestId('day-total-1').textContent()).toBe('5.5');
    expect(await page.getByTestId('week-total').textContent()).toBe('13.5');
    await page.getByTestId('pending-note').getByText('2 cells are kept on this device').waitFor();
    await page.waitForTimeout(1500);

    // Reloaded with no network: the week as last seen plus the pending hours, counted in the totals.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByTestId('offline-banner').getByText('2 unsynced changes').waitFor();
    await expect.poll(() => cell(page, 'Lamp repair', 'Tue').inputValue()).toBe('3.5');
    expect(await cell(page, 'Lamp repair', 'Mon').inputValue()).toBe('8');
    expect(await cell(page, 'Painting', 'Tue').inputValue()).toBe('2');
    await expect.poll(() => pendingMarks.count()).toBe(2);
    expect(await page.getByTestId('week-total').textContent()).toBe('13.5');
    // The unsynced changes name the hours and their day.
    await page.getByTestId('unsynced-label').click();
    const dialog = page.getByRole('dialog', { name: 'Unsynced changes' });
    await dialog.getByText(/^3\.5 h on \d{2}-\d{2}-\d{4}$/).waitFor();
    await dialog.getByText(/^2 h on \d{2}-\d{2}-\d{4}$/).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // SHOTS_DIR set: the grid with its pending cells at 375 and 1280 px, light and dark.
    for (const width of process.env.SHOTS_DIR ? [375, 1280] : []) {
      await page.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
        await page.waitForTimeout(300);
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/timelogs-pending-${width}-${scheme}.png`,
          fullPage: true,
        });
      }
      await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
      await page.setViewportSize({ width: 375, height: 800 });
    }

    // Back online: saved, and the cells are plain saved hours again.
    await context.setOffline(false);
    await page.getByTestId('unsynced-label').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => pendingMarks.count()).toBe(0);
    expect(await page.getByTestId('week-total').textContent()).toBe('13.5');
    const { token } = await apiSignIn(worker.email);
    const grid = await api<{ projectTasks: { name: string; marks: { date: string; decimalHours: number }[] }[] }[]>(
      'GET',
      `/timelogs/getPersonalProjectsWithMarksForWeek/${week}/2026-04-12`,
      undefined,
      token,
    );
    const tasks = grid.find((p) => p.projectTasks.some((t) => t.name === 'Lamp repair'))!.projectTasks;
    const hours = Object.fromEntries(tasks.map((t) => [t.name, t.marks.map((m) => m.decimalHours)]));
    expect(hours).toEqual({ 'Lamp repair': [8, 3.5, 0, 0, 0, 0, 0], Painting: [0, 2, 0, 0, 0, 0, 0] });
    await context.close();
  });

  it('an administrator sees the hours in the overview and exports them', async () => {
    const page = await newPage();
    await signIn(page, 'admin@atrium.test');
    await page.goto(`${BASE_URL}/admin/timelogs/overview`);
    // The segmented controls' radios are visually hidden: their labels take the click.
    await page.locator('label', { hasText: /^Custom$/ }).click();
    // Dates are typed as shown, dd-MM-yyyy; Escape closes the calendar.
    await page.getByLabel('From', { exact: true }).fill('02-03-2026');
    await page.getByLabel('To', { exact: true }).fill('08-03-2026');
    await page.keyboard.press('Escape');
    // Each date applies as it is typed: the row shows the week's hours once both have landed.
    const row = page.getByRole('row').filter({ hasText: 'Tim User' });
    await expect.poll(() => row.textContent()).toContain('34.25');
    await page.locator('label', { hasText: /^Task$/ }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `${PROJECT} / Lamp repair` })
      .waitFor();

    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvFile = await (await csv).path();
    const text = readFileSync(csvFile, 'utf8');
    expect(text).toContain(`${PROJECT},Lamp repair,32.75`);
    expect(text).toContain(`${PROJECT},Painting,1.5`);

    const xlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export xlsx' }).click();
    const download = await xlsx;
    expect(download.suggestedFilename()).toBe('hours-tasks-2026-03-02-2026-03-08.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const values = workbook.worksheets[0]!.getSheetValues().flat().map(String);
    expect(values).toContain('Lamp repair');
    expect(values).toContain('32.75');
    await page.context().close();
  });
});
