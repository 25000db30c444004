import { Notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enter } from '@/test/enter';
import { json } from '@/test/fixtures';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import TenantChecklistsPage from './tenant-checklists-page';
import TenantInfoPage from './tenant-info-page';

const ID = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';
const CHECKLIST = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  tenantId: ID,
  title: 'Onboarding',
  createdAt: '2026-02-10T09:00:00Z',
  countOfActive: 2,
  countOfCompleted: 3,
  items: [{ id: 'c0ffee00-0000-4000-8000-000000000002', title: 'Contract', standardChecklistId: 'x', order: 0 }],
};

let checklists: (typeof CHECKLIST)[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setViewportWidth(1280);
  checklists = [CHECKLIST];
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname.replace('/core/api', '');
    const method = init?.method ?? 'GET';
    if (path === `/tenants/${ID}`) return json({ id: ID, name: 'Harbour Care' });
    if (path === `/tenants/${ID}/info`) {
      return json({
        tenantId: ID,
        tenantName: 'Harbour Care',
        totalCollaborations: 2,
        collaborations: [
          { id: 'a', name: 'Care plan improvements', usersCount: 4, ideasCount: 2, commentsCount: 7 },
          { id: 'b', name: 'Quiet sprint', usersCount: 1, ideasCount: 0, commentsCount: 0 },
        ],
      });
    }
    if (path === `/tenants/${ID}/checklists` && method === 'GET') {
      return json({ data: checklists, total: checklists.length, page: 1, take: 25 });
    }
    if (path === `/tenants/${ID}/checklists` && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      const created = {
        ...CHECKLIST,
        id: 'c0ffee00-0000-4000-8000-000000000003',
        title: body.title,
        countOfActive: 0,
        countOfCompleted: 0,
      };
      checklists = [...checklists, created];
      return json(created, 201);
    }
    return json({ status: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const renderAt = (path: string, route: string, element: React.ReactElement) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Notifications />
      <Routes>
        <Route path={route} element={element} />
      </Routes>
    </MemoryRouter>,
  );
const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('/tenants/checklists/{id}', () => {
  it('lists title, created, active and completed counts', async () => {
    renderAt(`/tenants/checklists/${ID}`, '/tenants/checklists/:id', <TenantChecklistsPage />);
    const row = (await screen.findByText('Onboarding')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Onboarding1 item', '10-02-2026', '2', '3', '']);
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by title' })).toBeInTheDocument();
  });

  it('keeps save disabled while invalid, marks every field on an invalid submit, and resets on each opening', async () => {
    renderAt(`/tenants/checklists/${ID}`, '/tenants/checklists/:id', <TenantChecklistsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add checklist' }));
    let dialog = await screen.findByRole('dialog', { name: 'New checklist' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    // Enter in the title field submits: nothing is sent, every field says what is missing.
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), '{Enter}');
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(3);
    expect(posts()).toHaveLength(0);

    await enter(within(dialog).getByRole('textbox', { name: /Title/ }), 'Leaving');
    await enter(within(dialog).getByRole('textbox', { name: 'Item 1' }), 'Return the laptop');
    expect(save).toBeDisabled();
    await enter(within(dialog).getByRole('textbox', { name: 'Item 2' }), 'Hand over');
    expect(save).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Add checklist' }));
    dialog = await screen.findByRole('dialog', { name: 'New checklist' });
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('');
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(2);
    expect(within(dialog).queryByText('This field is required')).not.toBeInTheDocument();
  });

  it('creates a checklist with its items in order, closes and reloads the list', async () => {
    renderAt(`/tenants/checklists/${ID}`, '/tenants/checklists/:id', <TenantChecklistsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add checklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New checklist' });
    await enter(within(dialog).getByRole('textbox', { name: /Title/ }), ' Leaving ');
    await enter(within(dialog).getByRole('textbox', { name: 'Item 1' }), 'First');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await enter(within(dialog).getByRole('textbox', { name: 'Item 2' }), 'Second');
    expect(within(dialog).getByRole('button', { name: 'Move Second, item 2 of 2' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(String((posts()[0]![1] as RequestInit).body))).toEqual({
      tenantId: ID,
      title: 'Leaving',
      items: [
        { title: 'First', order: 0 },
        { title: 'Second', order: 1 },
      ],
    });
    expect(await screen.findByText('Leaving')).toBeInTheDocument();
  });
});

describe('/tenants/checklists/{id}, the add dialog', () => {
  it('keeps what was typed when the user clicks beside the dialog', async () => {
    renderAt(`/tenants/checklists/${ID}`, '/tenants/checklists/:id', <TenantChecklistsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add checklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New checklist' });
    await enter(within(dialog).getByRole('textbox', { name: 'Item 1' }), 'Return the laptop');
    const overlay = document.querySelector('.mantine-Modal-overlay')!;
    fireEvent.mouseDown(overlay);
    fireEvent.click(overlay);
    await act(async () => {});
    expect(screen.getByRole('dialog', { name: 'New checklist' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Item 1' })).toHaveValue('Return the laptop');
  });
});

describe('/tenants/info/{id}', () => {
  it('shows the tenant, its total collaborations and each one’s users, ideas and comments', async () => {
    renderAt(`/tenants/info/${ID}`, '/tenants/info/:id', <TenantInfoPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Care: collaborations' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Collaborations' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['Care plan improvements', '4', '2', '7'],
      ['Quiet sprint', '1', '0', '0'],
    ]);
    expect(screen.getByText('Collaborations', { selector: 'p' }).nextSibling).toHaveTextContent('2');
  });
});
