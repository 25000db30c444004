import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPersistedQueries, persistedQueriesKey, persistedQueriesStorage } from '@/shared/api/persisted-store';
import { PersistedQueries } from '@/shared/offline/persisted-queries';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { documentPreviewQuery } from './download-document-file';

const ME = '11111111-1111-4111-8111-111111111111';
const DOC = '44444444-4444-4444-8444-444444444444';

function Pages() {
  const list = useQuery({ queryKey: ['documents', 'list'], queryFn: async () => 'Handbook' });
  // The preview's answer is a Blob, which JSON (the kept data's form) writes as {}.
  const preview = useQuery({
    ...documentPreviewQuery(DOC),
    queryFn: async () => ({ blob: new Blob(['png']), fileName: 'handbook.png' }),
  });
  return <output>{list.data && preview.data ? 'loaded' : 'loading'}</output>;
}

beforeEach(() => forgetPersistedQueries());

describe('documentPreviewQuery', () => {
  it('is not kept for a reload with no network: a Blob does not survive it', async () => {
    renderWithProviders(
      <PersistedQueries userId={ME} offline={false}>
        <Pages />
      </PersistedQueries>,
      { queryClient: createTestQueryClient() },
    );
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    const kept = async () =>
      JSON.parse((await persistedQueriesStorage.getItem(persistedQueriesKey(ME))) ?? 'null')?.clientState.queries as
        | { queryKey: unknown[] }[]
        | undefined;
    await waitFor(async () => expect((await kept())?.map((q) => q.queryKey)).toContainEqual(['documents', 'list']));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await kept())?.map((q) => q.queryKey)).toEqual([['documents', 'list']]);
  });
});
