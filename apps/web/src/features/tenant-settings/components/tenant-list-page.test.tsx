import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enter } from '@/test/enter';
import { json } from '@/test/fixtures';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import { TenantListPage } from './tenant-list-page';

const ID = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';
type Entry = { id: string; createdAt: string } & Record<string, string>;

/** A small in-memory server for one tenant's lists: the same answers as the real routes. */
let store: Record<string, Entry[]>;
let fetchMock: ReturnType<typeof vi.fn>;
let next = 0;
const FIELD: Record<string, string> = { tags: 'title', folders: 'itemName', teams: 'name', departments: 'name' };

beforeEach(() => {
  setViewportWidth(1280);
  store = {
    tags: [{ id: 'a1b2c3d4-0000-4000-8000-000000000001', title: 'Urgent', createdAt: '2026-03-05T10:00:00Z' }],
    teams: [],
    folders: [],
    departments: [],
  };
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace('/core/api', '');
    const method = init?.method ?? 'GET';
    if (path === `/tenants/${ID}`) return json({ id: ID, name: 'Harbour Care' });
    const [, , , kind, entryId] = path.split('/');
    const list = store[kind ?? ''];
    if (!list) return json({ status: 404 }, 404);
    const field = FIELD[kind!]!;
    if (method === 'GET') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const data = list.filter((e) => e[field]!.toLowerCase().includes(search));
      return json({ data, total: data.length, page: 1, take: 25 });
    }
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (method === 'POST' || method === 'PUT') {
      const text = body[field] as string;
      if (list.some((e) => e.id !== entryId && e[field]!.toLowerCase() === text.toLowerCase())) {
        return json({ status: 409, code: 'conflict', errors: [{ field, message: 'alreadyListed' }] }, 409);
      }
      if (method === 'PUT') {
        const entry = list.find((e) => e.id === entryId)!;
        entry[field] = text;
        return json(entry);
      }
      const entry = {
        id: `a1b2c3d4-0000-4000-8000-00000000010${++next}`,
        [field]: text,
        createdAt: '2026-04-01T08:00:00Z',
      };
      list.push(entry as Entry);
      return json(entry, 201);
    }
    if (method === 'DELETE') {
      store[kind!] = list.filter((e) => e.id !== entryId);
      return new Response(null, { status: 204 });
    }
    return json({}, 400);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const renderList = (kind: 'tags' | 'teams' | 'folders' | 'departments') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/tenants/${kind}/${ID}`]}>
      <Notifications />
      <Routes>
        <Route path={`/tenants/${kind}/:id`} element={<TenantListPage kind={kind} />} />
      </Routes>
    </MemoryRouter>,
  );
const sent = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method);

describe('TenantListPage', () => {
  it('shows the entries with their created date dd-MM-yyyy and the tenant’s name', async () => {
    renderList('tags');
    expect(await screen.findByRole('cell', { name: 'Urgent' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '05-03-2026' })).toBeInTheDocument();
    expect(screen.getByText('1 tag in Harbour Care')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Tag' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sends the trimmed text, nothing when empty, clears the input after adding and refuses a duplicate', async () => {
    renderList('teams');
    const input = await screen.findByRole('textbox', { name: 'Team name' });
    const add = screen.getByRole('button', { name: 'Add team' });
    await userEvent.type(input, '   ');
    expect(add).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(sent('POST')).toHaveLength(0);

    await userEvent.clear(input);
    await enter(input, '  Sales  ');
    await userEvent.click(add);
    expect(await screen.findByRole('cell', { name: 'Sales' })).toBeInTheDocument();
    expect(JSON.parse(String((sent('POST')[0]![1] as RequestInit).body))).toMatchObject({ name: 'Sales' });
    expect(input).toHaveValue('');

    await userEvent.type(input, 'sales{Enter}');
    expect(await screen.findByText('This name is in the list already')).toBeInTheDocument();
    expect(input).toHaveValue('sales');
  });

  it('edits a tag in a modal: save updates, closes and refreshes; cancel closes', async () => {
    renderList('tags');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Urgent' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the tag Urgent' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('PUT')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Urgent' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const field = within(await screen.findByRole('dialog')).getByRole('textbox', { name: /Tag/ });
    await userEvent.clear(field);
    await enter(field, ' Very urgent ');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Very urgent' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(String((sent('PUT')[0]![1] as RequestInit).body))).toMatchObject({ title: 'Very urgent' });
  });

  it('offers delete only for teams, asks naming the item, and reloads after deleting', async () => {
    store.teams = [{ id: 'a1b2c3d4-0000-4000-8000-000000000009', name: 'Delivery', createdAt: '2026-01-02T00:00:00Z' }];
    renderList('teams');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Delivery' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Delivery?' });
    // The title asks, naming it; the body does not ask again.
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Delivery/)).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No teams yet')).toBeInTheDocument();
    expect(sent('DELETE')).toHaveLength(1);
  });

  it('names how many people a team or department has before deleting it, and that they stay without it', async () => {
    store.teams = [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000011',
        name: 'Kitchen',
        createdAt: '2026-01-02T00:00:00Z',
        membersCount: 3,
      },
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000012',
        name: 'Garden',
        createdAt: '2026-01-03T00:00:00Z',
        membersCount: 0,
      },
    ] as unknown as Entry[];
    renderList('teams');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Kitchen' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Kitchen?' });
    expect(
      within(dialog).getByText('3 people are in this team. They stay in the tenant, without a team.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Garden' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Delete Garden?' })).getByText('Nobody is in this team.'),
    ).toBeInTheDocument();
  });

  it('says a department’s one member stays without it', async () => {
    store.departments = [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000013',
        name: 'Finance',
        createdAt: '2026-01-02T00:00:00Z',
        membersCount: 1,
      },
    ] as unknown as Entry[];
    renderList('departments');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Finance' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Finance?' });
    expect(
      within(dialog).getByText('1 person is in this department. They stay in the tenant, without a department.'),
    ).toBeInTheDocument();
  });

  it('shows cards with a sort choice below 1200px', async () => {
    setViewportWidth(375);
    renderList('tags');
    const list = await screen.findByRole('list', { name: 'Tag' });
    expect(within(list).getByText('Urgent')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
  });
});
