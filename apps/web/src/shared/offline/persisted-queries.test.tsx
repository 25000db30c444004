import { onlineManager, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPersistedQueries, persistedQueriesKey, persistedQueriesStorage } from '@/shared/api/persisted-store';
import { createQueryClient, setQueuedRecordIds } from '@/shared/api/query-client';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { PersistedQueries } from './persisted-queries';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function Clients({ fetchClients, id = 'list' }: { fetchClients: () => Promise<string>; id?: string }) {
  const clients = useQuery({ queryKey: ['clients', id], queryFn: fetchClients });
  return <output data-testid={`clients-${id}`}>{clients.data ?? (clients.isError ? 'failed' : 'loading')}</output>;
}

const kept = async (userId: string) =>
  JSON.parse((await persistedQueriesStorage.getItem(persistedQueriesKey(userId))) ?? 'null');

beforeEach(() => forgetPersistedQueries());

describe('PersistedQueries', () => {
  it('keeps what the pages read for the user, but not reads marked persist: false', async () => {
    const queryClient = createTestQueryClient();
    renderWithProviders(
      <PersistedQueries userId={ME} offline={false}>
        <Clients fetchClients={async () => 'Nordlys'} />
      </PersistedQueries>,
      { queryClient },
    );
    expect(await screen.findByText('Nordlys')).toBeInTheDocument();
    await queryClient.fetchQuery({ queryKey: ['secretish'], queryFn: async () => 'x', meta: { persist: false } });
    await waitFor(async () => expect((await kept(ME))?.clientState.queries).toHaveLength(1));
    const [query] = (await kept(ME)).clientState.queries;
    expect(query).toMatchObject({ queryKey: ['clients', 'list'], state: { data: 'Nordlys' } });
    expect(await kept(OTHER)).toBeNull();
  });

  it('writes nothing more for the user once the kept data is forgotten (sign-out, session over)', async () => {
    const queryClient = createTestQueryClient();
    const view = renderWithProviders(
      <PersistedQueries userId={ME} offline={false}>
        <Clients fetchClients={async () => 'Nordlys'} />
      </PersistedQueries>,
      { queryClient },
    );
    await screen.findByText('Nordlys');
    await waitFor(async () => expect(await kept(ME)).not.toBeNull());
    // A read answered just before the sign-out: its write waits for the persister's throttle.
    queryClient.setQueryData(['clients', 'other'], 'Fisk');
    await forgetPersistedQueries();
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await kept(ME)).toBeNull();
  });

  it('keeps nothing of the previous user under the next one when the user changes in the same page', async () => {
    const queryClient = createTestQueryClient();
    const page = (userId: string) => (
      <PersistedQueries userId={userId} offline={false}>
        <Clients fetchClients={async () => 'Nordlys'} />
      </PersistedQueries>
    );
    const view = renderWithProviders(page(ME), { queryClient });
    await screen.findByText('Nordlys');
    await waitFor(async () => expect(await kept(ME)).not.toBeNull());
    // Viewing as another user starts: until it reloads, the same page belongs to OTHER, who reads.
    view.rerender(page(OTHER));
    await queryClient.fetchQuery({ queryKey: ['clients', 'theirs'], queryFn: async () => 'Fisk' });
    await waitFor(async () => expect(await kept(OTHER)).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 800));
    const queries = (await kept(OTHER)).clientState.queries as { state: { data: unknown } }[];
    expect(queries.map((q) => q.state.data)).toEqual(['Fisk']);
  });

  it('offline, shows the kept data before asking the network; online, asks the network', async () => {
    const first = renderWithProviders(
      <PersistedQueries userId={ME} offline={false}>
        <Clients fetchClients={async () => 'Nordlys'} />
      </PersistedQueries>,
    );
    await screen.findByText('Nordlys');
    await waitFor(async () => expect(await kept(ME)).not.toBeNull());
    first.unmount();

    // A reload with no network, with the app's own query client.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const noNetwork = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = renderWithProviders(
      <PersistedQueries userId={ME} offline>
        <Clients fetchClients={noNetwork} />
      </PersistedQueries>,
      { queryClient: createQueryClient() },
    );
    expect(await screen.findByText('Nordlys')).toBeInTheDocument();
    expect(noNetwork).not.toHaveBeenCalled();
    offline.unmount();

    // Another user's pages never get this user's data.
    const other = renderWithProviders(
      <PersistedQueries userId={OTHER} offline>
        <Clients fetchClients={noNetwork} />
      </PersistedQueries>,
      { queryClient: createQueryClient() },
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    other.unmount();
    vi.restoreAllMocks();

    renderWithProviders(
      <PersistedQueries userId={ME} offline={false}>
        <Clients fetchClients={async () => 'Nordlys 2'} />
      </PersistedQueries>,
    );
    expect(await screen.findByText('Nordlys 2')).toBeInTheDocument();
  });
});

describe('a record created offline and still queued', () => {
  it('is not asked for (the server has no such record yet) when a page shows it or the network returns', async () => {
    const PLACEHOLDER = '33333333-3333-4333-8333-333333333333';
    const queryClient = createQueryClient();
    const minuteAgo = Date.now() - 60_000;
    queryClient.setQueryData(['clients', 'list'], 'Nordlys', { updatedAt: minuteAgo });
    queryClient.setQueryData(['clients', PLACEHOLDER], 'Fisk (pending)', { updatedAt: minuteAgo });
    setQueuedRecordIds(new Set([PLACEHOLDER]));
    const fetchList = vi.fn(async () => 'Nordlys 2');
    const fetchPending = vi.fn(async () => 'never');
    try {
      renderWithProviders(
        <>
          <Clients fetchClients={fetchList} />
          <Clients fetchClients={fetchPending} id={PLACEHOLDER} />
        </>,
        { queryClient },
      );
      expect(await screen.findByText('Nordlys 2')).toBeInTheDocument();
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fetchPending).not.toHaveBeenCalled();
      expect(screen.getByTestId(`clients-${PLACEHOLDER}`)).toHaveTextContent('Fisk (pending)');
    } finally {
      setQueuedRecordIds(new Set());
    }
  });
});
