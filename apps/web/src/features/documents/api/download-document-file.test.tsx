import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPersistedQueries } from '@/shared/api/persisted-store';
import { renderPersisted } from '@/test/persisted';
import { documentPreviewQuery } from './download-document-file';

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
    const stored = await renderPersisted(<Pages />);
    const kept = async () =>
      JSON.parse((await stored()) || 'null')?.clientState.queries as { queryKey: unknown[] }[] | undefined;
    await waitFor(async () => expect((await kept())?.map((q) => q.queryKey)).toContainEqual(['documents', 'list']));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await kept())?.map((q) => q.queryKey)).toEqual([['documents', 'list']]);
  });
});
