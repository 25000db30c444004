import { addDays, type GridProject, weekDates } from '@atrium/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOfflineWriter } from '@/shared/api/client';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { setLanguage } from '@/shared/i18n/i18n';
import { UnsyncedLabel } from '@/shared/offline/offline-status';
import { clearQueue, enqueue, listQueued } from '@/shared/offline/queue';
import { resetSyncForTests, sync } from '@/shared/offline/replay';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { cutTaskName, dayTotals } from '../components/week-grid';
import TimelogsPage, { weekOf } from './timelogs-page';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const TASK_A = '00000000-0000-4000-8000-00000000000a';
const TASK_B = '00000000-0000-4000-8000-00000000000b';
const LONG = 'Structural design of the harbour bridge';

const gridOf = (
  monday: string,
  hours: { a?: number[]; b?: number[] } = {},
  startDate = '2026-01-01',
): GridProject[] => [
  {
    id: PROJECT,
    name: 'Harbour bridge',
    startDate,
    totalHours: 0,
    projectTasks: [
      {
        id: TASK_A,
        name: 'Site survey',
        total: 0,
        marks: weekDates(monday).map((date, i) => ({ date, decimalHours: hours.a?.[i] ?? 0 })),
      },
      {
        id: TASK_B,
        name: LONG,
        total: 0,
        marks: weekDates(monday).map((date, i) => ({ date, decimalHours: hours.b?.[i] ?? 0 })),
      },
    ],
  },
];

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;
let calls: { method: string; path: string; body: unknown }[];
const NO_MENU = { features: ['TimeLogs'], tenantMenuItemsData: [{ name: 'TimeLogs', customTitle: null }], tenants: [] };

function serve(handler: Handler, { projectsFail = false, generalData = NO_MENU as unknown } = {}) {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    calls.push({
      method: init?.method ?? 'GET',
      path: u.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (u.pathname === '/core/api/me/generaldata') return json(generalData);
    if (u.pathname.endsWith('/timelogs/getpersonalprojects')) {
      if (projectsFail) return new Response(null, { status: 503 });
      return json([
        {
          id: PROJECT,
          name: 'Harbour bridge',
          startDate: '2026-01-01',
          tasks: [
            { id: TASK_A, name: 'Site survey' },
            { id: TASK_B, name: LONG },
          ],
        },
      ]);
    }
    return handler(u, init);
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(week = '2026-11-25') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/timelogs?week=${week}`]}>
      <TimelogsPage />
      <Where />
    </MemoryRouter>,
  );
}

const weekPath = (monday: string) =>
  `/core/api/timelogs/getPersonalProjectsWithMarksForWeek/${monday}/${addDays(monday, 6)}`;
/** Whether the page asks the browser to confirm closing or reloading the tab. */
function leavingIsStopped() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
const cell = (task: string, day: string) => screen.getByRole('textbox', { name: new RegExp(`^${task}.*${day}`) });

beforeEach(() => acceptAuthResult(authResult({ roles: ['User'] })));

describe('weekOf', () => {
  it('reads any day of the week from the URL and falls back to the current week', () => {
    expect(weekOf('2026-11-25', '2026-01-07')).toBe('2026-11-23');
    expect(weekOf('2027-01-03', '2026-01-07')).toBe('2026-12-28');
    expect(weekOf('nonsense', '2026-01-07')).toBe('2026-01-05');
    expect(weekOf('2026-02-30', '2026-01-07')).toBe('2026-01-05');
    expect(weekOf(null, '2026-11-29')).toBe('2026-11-23');
  });
});

describe('grid helpers', () => {
  it('cuts task names at 20 characters', () => {
    expect(cutTaskName('Site survey')).toBe('Site survey');
    expect(cutTaskName('12345678901234567890')).toBe('12345678901234567890');
    expect(cutTaskName(LONG)).toBe('Structural design of...');
  });

  it('sums days and the week rounded to two decimals', () => {
    const totals = dayTotals(gridOf('2026-11-23', { a: [0.1, 7.5, 0, 0, 0, 0, 0], b: [0.2, 0.33, 0, 0, 0, 0, 1] }));
    expect(totals.days).toEqual([0.3, 7.83, 0, 0, 0, 0, 1]);
    expect(totals.total).toBe(9.13);
  });
});

describe('/timelogs', () => {
  it('is headed by the tenant’s title for the feature, with its description behind an About toggle', async () => {
    const generalData = {
      features: ['TimeLogs'],
      tenantMenuItemsData: [
        { name: 'TimeLogs', customTitle: 'Hours', customDescription: '<p>Log by <strong>Friday</strong>.</p>' },
      ],
      tenants: [],
    };
    serve((u) => (u.pathname === weekPath('2026-11-23') ? json(gridOf('2026-11-23')) : json([], 404)), { generalData });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hours' })).toBeInTheDocument();
    const about = screen.getByRole('button', { name: 'About Hours' });
    expect(about).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Friday')).not.toBeInTheDocument();
    await userEvent.click(about);
    expect(about).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByText('Friday')).toBeVisible());
    expect(screen.getByText('Friday').tagName).toBe('STRONG');
  });

  it('shows the week from the URL as start till end, with totals and cut task names', async () => {
    serve((u) =>
      u.pathname === weekPath('2026-11-23')
        ? json(gridOf('2026-11-23', { a: [7.5, 0, 0, 0, 0, 0, 0], b: [0.25, 8, 0, 0, 0, 0, 0] }))
        : json([], 404),
    );
    renderPage();
    expect(await screen.findByTestId('week-range')).toHaveTextContent('23-11-2026 till 29-11-2026');
    expect(await screen.findByText('Structural design of...')).toBeInTheDocument();
    expect(screen.getByTestId('day-total-0')).toHaveTextContent('7.75');
    expect(screen.getByTestId('day-total-1')).toHaveTextContent('8');
    expect(screen.getByTestId('week-total')).toHaveTextContent('15.75');
    expect(cell('Site survey', 'Mon')).toHaveValue('7.5');
  });

  it('writes hours with the decimal comma in Danish, in cells and totals', async () => {
    await act(() => setLanguage('da'));
    try {
      serve((u) =>
        u.pathname === weekPath('2026-11-23')
          ? json(gridOf('2026-11-23', { a: [7.5, 0, 0, 0, 0, 0, 0], b: [0.25, 149.5, 0, 0, 0, 0, 0] }))
          : json([], 404),
      );
      renderPage();
      expect(await screen.findByTestId('day-total-0')).toHaveTextContent('7,75');
      expect(screen.getByTestId('week-total')).toHaveTextContent('157,25');
      expect(screen.getByRole('textbox', { name: /^Site survey.*man/ })).toHaveValue('7,5');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('moves a week back and forth and keeps it in the URL', async () => {
    serve((u) => json(u.pathname.includes('2026-11-30') ? [] : gridOf('2026-11-23')));
    renderPage();
    await screen.findByText('Site survey');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByTestId('week-range')).toHaveTextContent('30-11-2026 till 06-12-2026');
    expect(screen.getByTestId('location')).toHaveTextContent('week=2026-11-30');
    await waitFor(() => expect(calls.some((c) => c.path === weekPath('2026-11-30'))).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByTestId('week-range')).toHaveTextContent('16-11-2026 till 22-11-2026');
    expect(calls.some((c) => c.path === weekPath('2026-11-16'))).toBe(true);
  });

  it('saves a cell when it is left, comma as dot, and updates the totals', async () => {
    serve((u, init) => {
      if (u.pathname.endsWith('/timelogs/mark')) {
        const body = JSON.parse(String(init?.body));
        return json({ ...body, dayTotal: body.hours });
      }
      return json(gridOf('2026-11-23'));
    });
    renderPage();
    await screen.findByText('Site survey');
    const monday = cell('Site survey', 'Mon');
    await userEvent.click(monday);
    // Letters, a second separator and a third decimal are simply not taken.
    await userEvent.keyboard('7x,5,57');
    expect(monday).toHaveValue('7,55');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByTestId('week-total')).toHaveTextContent('7.55'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      projectId: PROJECT,
      taskId: TASK_A,
      dateString: '2026-11-23',
      hours: 7.55,
    });
    expect(monday).toHaveValue('7.55');
    // Tab went on to Tuesday, like a spreadsheet.
    expect(cell('Site survey', 'Tue')).toHaveFocus();
    await userEvent.keyboard('30');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(cell('Site survey', 'Tue')).toHaveValue('23.99'));
    expect(screen.getByTestId('day-total-1')).toHaveTextContent('23.99');
  });

  it('keeps what was typed when a save fails, says why, and saves on retry', async () => {
    let fail = true;
    serve((u, init) => {
      if (u.pathname.endsWith('/timelogs/mark')) {
        if (fail) {
          return new Response(
            JSON.stringify({
              status: 400,
              code: 'validation',
              title: 'invalid',
              detail: 'too many',
              errors: [{ field: 'hours', message: 'dayOver24Hours' }],
            }),
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          );
        }
        const body = JSON.parse(String(init?.body));
        return json({ ...body, dayTotal: body.hours });
      }
      return json(gridOf('2026-11-23'));
    });
    renderPage();
    await screen.findByText('Site survey');
    const wednesday = cell('Site survey', 'Wed');
    await userEvent.click(wednesday);
    await userEvent.keyboard('9');
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('A day cannot have more than 24 hours in total.');
    expect(wednesday).toHaveValue('9');
    expect(wednesday).toHaveAttribute('aria-invalid', 'true');
    // The reason is also written out under the grid, a tap target that goes back to the cell.
    const reason = screen.getByRole('button', {
      name: /^Site survey \(Harbour bridge\), Wed .*: A day cannot have more than 24 hours in total\.$/,
    });
    wednesday.blur();
    await userEvent.click(reason);
    expect(wednesday).toHaveFocus();
    expect(screen.getByTestId('week-total')).toHaveTextContent('0');
    // Closing the tab now would lose it: the browser is asked to confirm.
    expect(leavingIsStopped()).toBe(true);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Try saving Site survey/ }));
    await waitFor(() => expect(screen.getByTestId('week-total')).toHaveTextContent('9'));
    expect(wednesday).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/A day cannot have more than 24 hours/)).not.toBeInTheDocument();
    expect(leavingIsStopped()).toBe(false);
  });

  it('keeps a failed cell across a move to another week and back, and saves it on retry', async () => {
    let fail = true;
    serve((u, init) => {
      if (u.pathname.endsWith('/timelogs/mark')) {
        if (fail) return new Response(null, { status: 503 });
        const body = JSON.parse(String(init?.body));
        return json({ ...body, dayTotal: body.hours });
      }
      return json(u.pathname.includes('2026-11-30') ? [] : gridOf('2026-11-23'));
    });
    renderPage();
    await screen.findByText('Site survey');
    await userEvent.click(cell('Site survey', 'Thu'));
    await userEvent.keyboard('6,5');
    await userEvent.tab();
    await screen.findByRole('button', { name: /Try saving Site survey/ });
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByTestId('week-range')).toHaveTextContent('30-11-2026 till 06-12-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await screen.findByText('Site survey');
    expect(cell('Site survey', 'Thu')).toHaveValue('6,5');
    expect(cell('Site survey', 'Thu')).toHaveAttribute('aria-invalid', 'true');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Try saving Site survey/ }));
    await waitFor(() => expect(screen.getByTestId('week-total')).toHaveTextContent('6.5'));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({
      dateString: '2026-11-26',
      hours: 6.5,
    });
  });

  it('moves between cells with the arrow keys', async () => {
    serve(() => json(gridOf('2026-11-23')));
    renderPage();
    await screen.findByText('Site survey');
    await userEvent.click(cell('Site survey', 'Mon'));
    await userEvent.keyboard('{ArrowDown}');
    expect(cell(LONG, 'Mon')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(cell(LONG, 'Tue')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(cell('Site survey', 'Tue')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(cell('Site survey', 'Mon')).toHaveFocus();
  });

  it('shows the days before the project starts as read-only, says why, and saves nothing there', async () => {
    serve(() => json(gridOf('2026-11-23', {}, '2026-11-25')));
    renderPage();
    await screen.findByText('Site survey');
    const tuesday = cell('Site survey', 'Tue');
    expect(tuesday).toHaveAttribute('readonly');
    expect(tuesday).toHaveAccessibleName(/Before the project starts on 25-11-2026\.$/);
    expect(cell('Site survey', 'Wed')).not.toHaveAttribute('readonly');
    await userEvent.click(tuesday);
    await userEvent.keyboard('5');
    expect(tuesday).toHaveValue('');
    // The keyboard still passes through it to the open days.
    await userEvent.keyboard('{ArrowRight}');
    expect(cell('Site survey', 'Wed')).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('links tenant administrators, and only them, to the projects and the overview', async () => {
    serve(() => json(gridOf('2026-11-23')));
    const asUser = renderPage();
    await screen.findByText('Site survey');
    expect(screen.queryByRole('link', { name: 'Projects' })).not.toBeInTheDocument();
    asUser.unmount();
    resetSessionForTests();
    acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/admin/timelogs/projects');
    expect(screen.getByRole('link', { name: 'Hours overview' })).toHaveAttribute('href', '/admin/timelogs/overview');
  });

  it("copies last week's rows into an empty week", async () => {
    let copied = false;
    serve((u) => {
      if (u.pathname.endsWith('/timelogs/copyLastWeek')) {
        copied = true;
        return json({ rows: 2 });
      }
      return json(copied ? gridOf('2026-11-23') : []);
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: "Copy last week's rows" }));
    expect(await screen.findByText('Site survey')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/copyLastWeek'))?.body).toEqual({ week: '2026-11-23' });
    expect(within(screen.getByRole('table')).getAllByRole('textbox')).toHaveLength(14);
  });

  it('says when the projects to add a row from cannot load, and retries', async () => {
    serve(() => json(gridOf('2026-11-23')), { projectsFail: true });
    renderPage();
    expect(await screen.findByText('Could not load your projects')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a task to this week')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/timelogs/getpersonalprojects')).length).toBeGreaterThan(1),
    );
  });

  it('says when last week had nothing to copy, for that week only', async () => {
    serve((u) => json(u.pathname.endsWith('/timelogs/copyLastWeek') ? { rows: 0 } : []));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: "Copy last week's rows" }));
    expect(await screen.findByText('Last week had no rows to copy.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByTestId('week-range')).toHaveTextContent('30-11-2026 till 06-12-2026');
    await screen.findByRole('button', { name: "Copy last week's rows" });
    expect(screen.queryByText('Last week had no rows to copy.')).not.toBeInTheDocument();
  });
});

describe('hours typed with no network', () => {
  let online: boolean;
  /** The server's marks by `taskId/date`: what a POST /timelogs/mark stored. */
  let stored: Map<string, number>;
  beforeEach(async () => {
    await clearQueue();
    resetSyncForTests();
    online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    setOfflineWriter(enqueue);
    stored = new Map([[`${TASK_A}/2026-11-23`, 7.5]]);
    serve((u, init) => {
      if (!online) return Promise.reject(new TypeError('Failed to fetch'));
      if (u.pathname.endsWith('/timelogs/mark')) {
        const body = JSON.parse(String(init?.body));
        stored.set(`${body.taskId}/${body.dateString}`, body.hours);
        return json({ ...body, dayTotal: body.hours });
      }
      const grid = gridOf('2026-11-23');
      for (const task of grid[0]!.projectTasks) {
        for (const mark of task.marks) mark.decimalHours = stored.get(`${task.id}/${mark.date}`) ?? 0;
      }
      return json(grid);
    });
  });
  afterEach(() => setOfflineWriter(null));

  /** The page as the shell shows it: with the unsynced label, which reloads the pages after a sync. */
  const renderOfflinePage = () =>
    renderWithProviders(
      <MemoryRouter initialEntries={['/timelogs?week=2026-11-25']}>
        <TimelogsPage />
        <UnsyncedLabel />
      </MemoryRouter>,
    );

  it('keeps them, shows them as pending in their cells and in the totals, and saves them when the network returns', async () => {
    online = true;
    const first = renderOfflinePage();
    await screen.findByText('Site survey');
    online = false;

    await userEvent.click(cell('Site survey', 'Tue'));
    await userEvent.keyboard('2,5');
    await userEvent.click(cell('Structural', 'Sun'));
    await userEvent.keyboard('1');
    await userEvent.tab();
    // Kept in the queue, not sent.
    await waitFor(async () => expect(await listQueued()).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const tuesday = cell('Site survey', 'Tue');
    await waitFor(() => expect(tuesday.closest('[data-state]')).toHaveAttribute('data-state', 'pending'));
    expect(tuesday).toHaveValue('2.5');
    expect(tuesday).toHaveAccessibleDescription(
      'Waiting to be saved. Kept on this device and saved when the network returns.',
    );
    expect(within(tuesday.closest('[data-state]') as HTMLElement).getByLabelText('Waiting to be saved')).toBeVisible();
    expect(cell('Site survey', 'Mon').closest('[data-state]')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByTestId('day-total-1')).toHaveTextContent('2.5');
    expect(screen.getByTestId('day-total-6')).toHaveTextContent('1');
    expect(screen.getByTestId('week-total')).toHaveTextContent('11');
    expect(screen.getByTestId('pending-note')).toHaveTextContent(
      '2 cells are kept on this device and will be saved when you are back online. The totals include them.',
    );
    // Leaving the page loses nothing: nothing asks before the tab closes.
    expect(leavingIsStopped()).toBe(false);
    first.unmount();

    // A reload still with no network, the server's week as the page last saw it (kept by the shell):
    // the queue gives the pending hours back.
    online = true;
    const second = renderOfflinePage();
    await screen.findByText('Site survey');
    online = false;
    await waitFor(() => expect(cell('Site survey', 'Tue')).toHaveValue('2.5'));
    expect(cell('Site survey', 'Tue').closest('[data-state]')).toHaveAttribute('data-state', 'pending');
    expect(screen.getByTestId('week-total')).toHaveTextContent('11');

    // Back online: sent in order, once each, and the cells are plain saved hours again.
    online = true;
    await act(() => sync());
    expect(await listQueued()).toEqual([]);
    expect(stored.get(`${TASK_A}/2026-11-24`)).toBe(2.5);
    expect(stored.get(`${TASK_B}/2026-11-29`)).toBe(1);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { projectId: PROJECT, taskId: TASK_A, dateString: '2026-11-24', hours: 2.5 },
      { projectId: PROJECT, taskId: TASK_B, dateString: '2026-11-29', hours: 1 },
    ]);
    await waitFor(() => expect(screen.queryByTestId('pending-note')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(cell('Site survey', 'Tue').closest('[data-state]')).not.toHaveAttribute('data-state', 'pending'),
    );
    expect(cell('Site survey', 'Tue')).toHaveValue('2.5');
    expect(screen.getByTestId('week-total')).toHaveTextContent('11');
    second.unmount();
  });

  it('shows another user’s queued hours nowhere in this user’s week', async () => {
    online = true;
    renderOfflinePage();
    await screen.findByText('Site survey');
    online = false;
    resetSessionForTests({ status: 'anonymous' });
    acceptAuthResult(authResult({ id: '22222222-2222-4222-8222-222222222222' }));
    await enqueue('/timelogs/mark', {
      method: 'POST',
      body: { projectId: PROJECT, taskId: TASK_A, dateString: '2026-11-24', hours: 4 },
    });
    acceptAuthResult(authResult({ roles: ['User'] }));
    await waitFor(async () => expect(await listQueued()).toHaveLength(1));
    expect(cell('Site survey', 'Tue')).toHaveValue('');
    expect(screen.getByTestId('week-total')).toHaveTextContent('7.5');
    expect(screen.queryByTestId('pending-note')).not.toBeInTheDocument();
  });
});
