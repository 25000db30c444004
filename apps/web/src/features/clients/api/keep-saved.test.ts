import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { clearQueue, enqueue } from '@/shared/offline/queue';
import { authResult } from '@/test/fixtures';
import { keepSaved } from './keep-saved';

const ID = '4b5c6d7e-8f90-4a1b-8c2d-3e4f5a6b7c8d';
const KEY = ['clients', 'location', ID];
const kept = { id: ID, companyId: 'c1', title: 'Harbour depot', address: 'Kaj 1', radius: 500 };

beforeEach(async () => {
  await clearQueue();
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
});
afterEach(() => clearQueue());

describe('keepSaved', () => {
  it('lays a queued echo over the record kept, so its other fields stay', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, kept);
    const echo = (await enqueue('/companies/UpdateLocationRadius', {
      method: 'PATCH',
      body: { id: ID, radius: 1000 },
    })) as typeof kept;

    keepSaved(queryClient, KEY, echo);
    expect(queryClient.getQueryData(KEY)).toEqual({ ...kept, radius: 1000 });
  });

  it('keeps a queued echo when no record is kept: a new record, shown as it was sent', async () => {
    const queryClient = new QueryClient();
    const echo = (await enqueue('/companyLocations/postLocation', {
      method: 'POST',
      body: { companyId: 'c1', title: 'New depot' },
    })) as typeof kept;

    keepSaved(queryClient, KEY, echo);
    expect(queryClient.getQueryData(KEY)).toEqual({ id: echo.id, companyId: 'c1', title: 'New depot' });
  });

  it('puts the server’s answer in place of the record kept', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, kept);
    const answer = { id: ID, companyId: 'c1', title: 'Harbour depot', address: null, radius: 1000 };

    keepSaved(queryClient, KEY, answer);
    expect(queryClient.getQueryData(KEY)).toEqual(answer);
  });
});
