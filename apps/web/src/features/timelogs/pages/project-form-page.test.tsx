import type { ProjectDetail } from '@atrium/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { setLanguage } from '@/shared/i18n/i18n';
import { enter } from '@/test/enter';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import ProjectFormPage from './project-form-page';

const ID = '00000000-0000-4000-8000-000000000001';
const UMA = '00000000-0000-4000-8000-0000000000aa';
const TASK = '00000000-0000-4000-8000-0000000000b1';
const detail: ProjectDetail = {
  id: ID,
  name: 'Harbour bridge',
  startDate: '2026-01-05',
  taskCount: 1,
  memberCount: 1,
  totalHours: 40,
  memberIds: [UMA],
  tasks: [{ id: TASK, name: 'Design', projectId: ID, totalHours: 40 }],
};

let calls: { method: string; path: string; body: unknown }[];
function serve({ addTaskFails = false, taskHours = 40 } = {}) {
  calls = [];
  let deleted = false;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: u.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'DELETE' && u.pathname.endsWith(`/project/${ID}`)) deleted = true;
    if (deleted && method === 'GET' && u.pathname.includes(ID)) {
      return json({ status: 404, title: 'Not found', code: 'notFound' }, 404);
    }
    if (u.pathname === '/core/api/users/dataselect') {
      return json([{ id: UMA, fullName: 'Uma User', email: 'user@atrium.test', imagePath: null }]);
    }
    if (method === 'POST' && addTaskFails && u.pathname.endsWith('/timelogs/task')) {
      return json({ status: 409, title: 'Conflict', code: 'conflict', detail: 'That task exists already' }, 409);
    }
    if (method === 'POST') return json({ id: ID }, 201);
    if (method === 'PATCH') return json({ id: ID });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return json({ ...detail, tasks: detail.tasks.map((task) => ({ ...task, totalHours: taskHours })) });
  });
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

const renderAt = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/timelogs/project/new" element={<ProjectFormPage />} />
        <Route path="/admin/timelogs/project/:id" element={<ProjectFormPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

beforeEach(() => acceptAuthResult(authResult({ roles: ['TenantAdmin'] })));

describe('project form', () => {
  it('creates a project with its members and first tasks', async () => {
    serve();
    renderAt('/admin/timelogs/project/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await enter(screen.getByRole('textbox', { name: /^Name/ }), 'Lighthouse');
    const start = screen.getByLabelText(/^Start date/);
    await userEvent.clear(start);
    // Typed as every date in the app is shown: dd-MM-yyyy; sent as the API's YYYY-MM-DD.
    await userEvent.type(start, '02-02-2026');
    await userEvent.click(screen.getByLabelText('Who works on it', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Uma User (user@atrium.test)' }));
    await userEvent.type(screen.getByLabelText('Tasks', { selector: 'input' }), 'Lamp repair{Enter}Painting{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Lighthouse',
        startDate: '2026-02-02',
        memberIds: [UMA],
        tasks: ['Lamp repair', 'Painting'],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/admin/timelogs/project/${ID}`));
  });

  it('edits a project and says how many hours go with a task before deleting it', async () => {
    serve();
    renderAt(`/admin/timelogs/project/${ID}`);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveValue('Harbour bridge'));
    expect(screen.getByLabelText(/^Start date/)).toHaveValue('05-01-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete task' });
    expect(dialog).toHaveTextContent('40 logged hours will be deleted with it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete task' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', path: `/core/api/timelogs/task/${TASK}`, body: undefined }),
    );

    await userEvent.clear(name);
    await enter(name, 'Harbour bridge II');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        id: ID,
        name: 'Harbour bridge II',
        startDate: '2026-01-05',
        memberIds: [UMA],
      }),
    );
  });

  it('writes task hours with the decimal comma in Danish, in the table and the delete dialog', async () => {
    await act(() => setLanguage('da'));
    try {
      serve({ taskHours: 149.75 });
      renderAt(`/admin/timelogs/project/${ID}`);
      const row = (await screen.findByText('Design')).closest('tr');
      expect(row).toHaveTextContent('149,75');
      await userEvent.click(
        within(row as HTMLElement)
          .getAllByRole('button')
          .at(-1) as HTMLElement,
      );
      expect(await screen.findByRole('dialog')).toHaveTextContent('149,75');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('keeps a failed task add out of the rename dialog', async () => {
    serve({ addTaskFails: true });
    renderAt(`/admin/timelogs/project/${ID}`);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Harbour bridge'));
    await enter(screen.getByRole('textbox', { name: 'New task' }), 'Design');
    await userEvent.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('That task exists already')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rename Design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename task' });
    expect(within(dialog).queryByText('That task exists already')).not.toBeInTheDocument();
  });

  it('goes back to the projects after deleting the project from its page', async () => {
    serve();
    renderAt(`/admin/timelogs/project/${ID}`);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Harbour bridge'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete project' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/timelogs/projects'));
    // The deleted project was not asked for again.
    expect(calls.filter((c) => c.method === 'GET' && c.path.includes(ID))).toHaveLength(1);
  });
});
