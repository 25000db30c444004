import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import OverviewPage, { periodOf, shiftAnchor } from './overview-page';

let paths: string[];
function serve() {
  paths = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const u = new URL(url, 'http://localhost');
    paths.push(`${u.pathname}${u.search}`);
    if (u.pathname.includes('/exportOverview/')) {
      return new Response('User,Hours\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="hours.csv"' },
      });
    }
    const [from, to] = u.pathname.split('/').slice(-2);
    return json({
      from,
      to,
      rows: [
        { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Admin', hours: 37.5 },
        { id: '00000000-0000-4000-8000-000000000002', name: 'Uma User', hours: 0.25 },
      ],
      total: 37.75,
    });
  });
}

beforeEach(() => acceptAuthResult(authResult({ roles: ['TenantAdmin'] })));

describe('overview periods', () => {
  it('turns week, month and custom choices into calendar periods', () => {
    const custom = { from: '2026-01-01', to: '2026-01-31' };
    expect(periodOf('week', '2027-01-01', custom)).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(periodOf('month', '2026-02-14', custom)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf('custom', '2026-02-14', custom)).toEqual(custom);
    expect(shiftAnchor('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(shiftAnchor('month', '2026-12-30', 1)).toBe('2027-01-01');
    expect(shiftAnchor('month', '2026-03-31', -1)).toBe('2026-02-01');
  });
});

describe('/admin/timelogs/overview', () => {
  it('shows hours per user with the total, moves by period and exports the shown table', async () => {
    serve();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderWithProviders(
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('cell', { name: 'Ada Admin' })).toBeInTheDocument();
    expect(screen.getByTestId('overview-total')).toHaveTextContent('37.75');
    const first = paths[0]!;
    expect(first).toMatch(/getTimeLogsOverviewUsers\/all\/\d{4}-\d{2}-01\/\d{4}-\d{2}-\d{2}$/);

    await userEvent.click(screen.getByRole('button', { name: 'Previous period' }));
    await waitFor(() => expect(paths.length).toBeGreaterThan(1));
    expect(paths.at(-1)).not.toBe(first);

    await userEvent.click(screen.getByText('Task'));
    await waitFor(() => expect(paths.at(-1)).toContain('getTimeLogsOverviewTasks/'));

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(paths.some((p) => p.includes('/exportOverview/tasks/') && p.endsWith('?format=csv'))).toBe(true),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('shows no table for a custom period that ends before it starts, only why', async () => {
    serve();
    renderWithProviders(
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('cell', { name: 'Ada Admin' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Custom'));
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    // Typed as shown (dd-MM-yyyy); Escape closes the picker, whose calendar is a table of its own.
    await userEvent.type(to, '01-01-2020{Escape}');
    expect(to).toHaveValue('01-01-2020');
    expect(await screen.findByText('The end must be on or after the start')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Ada Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
