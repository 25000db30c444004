import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PendingNotice } from './pending-notice';

const records = [
  { id: '0b6c1d52-7d3e-4a4f-9d59-6a1b0c2d3e4f', name: 'Offline Co' },
  { id: '5f0e9a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b', name: 'Offline Co' },
];

describe('PendingNotice', () => {
  it('links each record saved offline to its page, two of one name included', () => {
    renderWithProviders(
      <MemoryRouter>
        <PendingNotice title="2 new clients wait" records={records} linkTo={(id) => `/admin/clients/${id}`} />
      </MemoryRouter>,
    );
    const links = within(screen.getByRole('status')).getAllByRole('link', { name: 'Offline Co' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(records.map((r) => `/admin/clients/${r.id}`));
  });

  it('names them without links where a record has no page of its own yet, and says nothing when none wait', () => {
    const { rerender } = renderWithProviders(<PendingNotice title="1 new contact waits" records={records.slice(1)} />);
    expect(within(screen.getByRole('status')).getByText('Offline Co')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<PendingNotice title="" records={[]} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
