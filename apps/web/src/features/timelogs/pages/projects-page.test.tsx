import { decideAccess, type Project } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { policyFor } from '@/shared/access/policy';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import ProjectsPage from './projects-page';

const project = (n: number, overrides: Partial<Project> = {}): Project => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Project ${n}`,
  startDate: '2026-01-05',
  taskCount: 3,
  memberCount: 2,
  totalHours: 0,
  ...overrides,
});

let calls: { method: string; path: string }[];
function serve(projects: Project[]) {
  calls = [];
  let list = projects;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: u.pathname });
    if (method === 'DELETE') {
      list = list.filter((p) => !u.pathname.endsWith(p.id));
      return new Response(null, { status: 204 });
    }
    return json(list);
  });
}

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <ProjectsPage />
    </MemoryRouter>,
  );

beforeEach(() => acceptAuthResult(authResult({ roles: ['TenantAdmin'] })));

describe('/admin/timelogs/projects', () => {
  it('is for tenant administrators of a tenant with TimeLogs', () => {
    const policy = policyFor('admin/timelogs/projects');
    expect(decideAccess(policy, { roles: ['TenantAdmin'], features: ['TimeLogs'] })).toBe('allow');
    expect(decideAccess(policy, { roles: ['TenantAdmin'], features: [] })).toBe('forbidden');
    expect(decideAccess(policy, { roles: ['User'], features: ['TimeLogs'] })).toBe('forbidden');
    expect(
      decideAccess(policyFor('admin/timelogs/project/new'), { roles: ['Superadmin'], features: ['TimeLogs'] }),
    ).toBe('allow');
    expect(decideAccess(policyFor('timelogs'), { roles: ['User'], features: ['TimeLogs'] })).toBe('allow');
  });

  it('lists projects with start date, counts and hours, and links to the create page', async () => {
    serve([project(1, { totalHours: 12.5 }), project(2)]);
    renderPage();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Project 1' })).toHaveAttribute(
      'href',
      `/admin/timelogs/project/${project(1).id}`,
    );
    expect(rows[1]).toHaveTextContent('05-01-2026');
    expect(rows[1]).toHaveTextContent('12.5');
    expect(screen.getByRole('link', { name: 'Add project' })).toHaveAttribute('href', '/admin/timelogs/project/new');
  });

  it('says how many hours go with a project before deleting it', async () => {
    serve([project(1, { totalHours: 12.5 }), project(2)]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Project 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete project' });
    expect(dialog).toHaveTextContent('Delete the project Project 1 and its tasks?');
    expect(dialog).toHaveTextContent('12.5 logged hours will be deleted with it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Project 1' })).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'DELETE', path: `/core/api/timelogs/project/${project(1).id}` });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Project 2' }));
    expect(await screen.findByRole('dialog', { name: 'Delete project' })).toHaveTextContent(
      'No hours are logged on it.',
    );
  });

  it('shows an empty list', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No projects yet.')).toBeInTheDocument();
  });
});
