import { Table } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { enter } from '@/test/enter';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import { ListFrame } from './list-frame';
import { listQuery } from './list-query';
import { ListPager, ListToolbar, SortHeader } from './list-toolbar';
import { useListParams } from './use-list-params';

const SORTS = ['title', 'updatedAt'] as const;

function Harness() {
  const list = useListParams(SORTS, 'title', { take: 10 });
  const { params, onSort, setPage } = list;
  const { search } = useLocation();
  return (
    <>
      <output data-testid="params">{JSON.stringify(params)}</output>
      <output data-testid="url">{search}</output>
      <ListToolbar list={list} searchLabel="Search" />
      <button type="button" onClick={() => onSort('updatedAt')}>
        sort by updated
      </button>
      <button type="button" onClick={() => setPage(3)}>
        page 3
      </button>
      <button
        type="button"
        onClick={() => {
          // Two changes before the page renders again, as a debounced search landing beside a click.
          list.update({ sort: 'updatedAt' });
          list.update({ direction: 'desc' });
        }}
      >
        two changes
      </button>
    </>
  );
}

const renderAt = (url: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Harness />
    </MemoryRouter>,
  );
const params = () => JSON.parse(screen.getByTestId('params').textContent ?? '{}');

describe('useListParams', () => {
  it('reads the page, sort, direction and search from the URL, falling back on unknown values', () => {
    renderAt('/x?page=2&sort=updatedAt&direction=desc&search=acme');
    expect(params()).toEqual({ page: 2, take: 10, sort: 'updatedAt', direction: 'desc', search: 'acme' });
  });

  it('takes the defaults for a sort, direction or page the list does not have', () => {
    renderAt('/x?page=-1&sort=secret&direction=sideways');
    expect(params()).toEqual({ page: 1, take: 10, sort: 'title', direction: 'asc', search: '' });
  });

  it('turns a column round on a second click and starts a new sort at page 1', async () => {
    renderAt('/x?page=4');
    await userEvent.click(screen.getByRole('button', { name: 'sort by updated' }));
    expect(params()).toMatchObject({ sort: 'updatedAt', direction: 'asc', page: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'sort by updated' }));
    expect(params()).toMatchObject({ sort: 'updatedAt', direction: 'desc' });
  });

  it('puts the typed search into the URL once typing pauses, back at page 1', async () => {
    renderAt('/x?page=3');
    await enter(screen.getByRole('searchbox', { name: 'Search' }), '  acme ');
    await waitFor(() => expect(params()).toMatchObject({ search: 'acme', page: 1 }));
    expect(screen.getByTestId('url').textContent).toBe('?search=acme');
  });

  it('keeps both of two changes made before the page renders again', async () => {
    renderAt('/x?search=acme');
    await userEvent.click(screen.getByRole('button', { name: 'two changes' }));
    expect(params()).toMatchObject({ search: 'acme', sort: 'updatedAt', direction: 'desc' });
  });

  it('drops the typed search when the user has followed a link before it lands', async () => {
    window.history.replaceState(null, '', '/x');
    renderWithProviders(
      <BrowserRouter>
        <Harness />
      </BrowserRouter>,
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'acme' } });
    // A link followed: the address bar moves at once, while this page is still on screen.
    window.history.pushState(null, '', '/elsewhere');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/elsewhere');
    window.history.replaceState(null, '', '/');
  });

  it('leaves page 1 out of the URL', async () => {
    renderAt('/x');
    await userEvent.click(screen.getByRole('button', { name: 'page 3' }));
    expect(screen.getByTestId('url').textContent).toBe('?page=3');
  });
});

describe('ListToolbar', () => {
  function Toolbar({ withSort, sortHeaders }: { withSort: boolean; sortHeaders?: boolean }) {
    const list = useListParams(SORTS, 'title', { take: 10 });
    return (
      <>
        <output data-testid="params">{JSON.stringify(list.params)}</output>
        <ListToolbar
          list={list}
          searchLabel="Search"
          sortBy={
            withSort
              ? [
                  { column: 'title', name: 'Name' },
                  { column: 'updatedAt', date: true },
                ]
              : undefined
          }
          sortHeaders={sortHeaders}
        />
      </>
    );
  }
  const renderToolbar = (props: { withSort: boolean; sortHeaders?: boolean }, url = '/x') =>
    renderWithProviders(
      <MemoryRouter initialEntries={[url]}>
        <Toolbar {...props} />
      </MemoryRouter>,
    );

  it('offers the sort choice only when given one; a choice sets column and direction from page 1', async () => {
    setViewportWidth(375);
    const { unmount } = renderToolbar({ withSort: false });
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
    unmount();
    renderToolbar({ withSort: true }, '/x?page=2');
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('Name (A–Z)');
    await userEvent.click(select);
    // Two choices a column: text A–Z then Z–A, a date newest then oldest first.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Name (A–Z)',
      'Name (Z–A)',
      'Newest first',
      'Oldest first',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Newest first' }));
    expect(params()).toMatchObject({ sort: 'updatedAt', direction: 'desc', page: 1 });
    expect(select).toHaveValue('Newest first');
  });

  it('leaves the sorting to the column headers of the wide layout, unless the list has none', () => {
    setViewportWidth(1280);
    const { unmount } = renderToolbar({ withSort: true });
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
    unmount();
    renderToolbar({ withSort: true, sortHeaders: false });
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Name (A–Z)');
  });
});

describe('ListPager', () => {
  it('shows nothing for a single page', () => {
    renderWithProviders(<ListPager data={{ total: 10, take: 10 }} page={1} pages={1} onPage={() => {}} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByText(/of 10/)).not.toBeInTheDocument();
  });

  it('says where the list is and moves to a chosen page', () => {
    const onPage = vi.fn();
    renderWithProviders(<ListPager data={{ total: 42, take: 10 }} page={2} pages={5} onPage={onPage} />);
    expect(screen.getByText('11–20 of 42')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPage).toHaveBeenCalledWith(5);
  });
});

describe('SortHeader', () => {
  it('announces the active column order and sorts on click', () => {
    const onSort = vi.fn();
    renderWithProviders(
      <Table>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Name" column="title" sorting={{ sort: 'title', direction: 'desc' }} onSort={onSort} />
            <SortHeader
              label="Updated"
              column="updatedAt"
              sorting={{ sort: 'title', direction: 'desc' }}
              onSort={onSort}
            />
          </Table.Tr>
        </Table.Thead>
      </Table>,
    );
    const [name, updated] = screen.getAllByRole('columnheader');
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(updated).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(screen.getByRole('button', { name: 'Updated' }));
    expect(onSort).toHaveBeenCalledWith('updatedAt');
  });
});

describe('listQuery', () => {
  it('sends every parameter, the search trimmed and left out when blank, and extra ones', () => {
    const base = { page: 2, take: 10, sort: 'title', direction: 'desc', search: '  ' } as const;
    expect(String(listQuery(base, { clientId: 'c1' }))).toBe('page=2&take=10&sort=title&direction=desc&clientId=c1');
    expect(String(listQuery({ ...base, search: ' acme ' }))).toBe(
      'page=2&take=10&sort=title&direction=desc&search=acme',
    );
  });
});

describe('ListFrame', () => {
  const frame = () => (
    <ListFrame
      title="Clients"
      subtitle="8 clients"
      actions={(fullWidth) => <button type="button">{fullWidth ? 'Add (below)' : 'Add (header)'}</button>}
    >
      <p>the list</p>
    </ListFrame>
  );

  it('puts the actions in the header on a wide screen', () => {
    setViewportWidth(1280);
    renderWithProviders(frame());
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByText('8 clients')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: 'Add (header)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add (below)' })).not.toBeInTheDocument();
  });

  it('puts them full-width below the list on a narrow one', () => {
    setViewportWidth(375);
    renderWithProviders(frame());
    const below = screen.getByRole('button', { name: 'Add (below)' });
    expect(screen.queryByRole('button', { name: 'Add (header)' })).not.toBeInTheDocument();
    expect(screen.getByText('the list').compareDocumentPosition(below)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });
});
