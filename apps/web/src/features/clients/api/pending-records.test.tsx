import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { clearQueue, enqueue } from '@/shared/offline/queue';
import { useOfflineQueue } from '@/shared/offline/use-offline-queue';
import { authResult } from '@/test/fixtures';
import { usePendingEditedRows, usePendingRecords } from './pending-records';
import type { LocationRow } from './types';

const CLIENT = '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const OTHER_CLIENT = '5a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const OTHER_USER = '22222222-2222-4222-8222-222222222222';

const post = (path: string, body: object) => enqueue(path, { method: 'POST', body });

beforeEach(async () => {
  await clearQueue();
  acceptAuthResult(authResult({ id: OTHER_USER, roles: ['TenantAdmin'] }));
  await post('/companies/postCompany', { title: 'Not mine ApS' });
  resetSessionForTests();
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
  await post('/companies/postCompany', { title: 'Fjordfisk ApS' });
  await post('/contacts/postContact', { companyId: CLIENT, name: 'Karen Fisker', email: 'karen' });
  await post('/contacts/postContact', { companyId: OTHER_CLIENT, name: 'Ole Andet', email: 'ole' });
  await post('/companyLocations/postLocation', { companyId: CLIENT, title: 'North quay', radius: 5000 });
  // An edit is no new record.
  await enqueue('/contacts/updateContact', { method: 'PUT', body: { id: CLIENT, name: 'Edited', companyId: CLIENT } });
});
afterEach(() => clearQueue());

describe('usePendingRecords', () => {
  it('names the signed-in user’s queued new records of each kind, a client’s own where one is given', async () => {
    const clients = renderHook(() => usePendingRecords('clients'));
    const contacts = renderHook(() => usePendingRecords('contacts', CLIENT));
    const locations = renderHook(() => usePendingRecords('locations', CLIENT));
    const named = (name: string) => [{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name }];
    await waitFor(() => expect(clients.result.current).toEqual(named('Fjordfisk ApS')));
    await waitFor(() => expect(contacts.result.current).toEqual(named('Karen Fisker')));
    await waitFor(() => expect(locations.result.current).toEqual(named('North quay')));
  });

  it('names none while nobody is signed in', async () => {
    resetSessionForTests();
    const { result } = renderHook(() => ({ queued: useOfflineQueue().entries, clients: usePendingRecords('clients') }));
    await waitFor(() => expect(result.current.queued).toHaveLength(6));
    expect(result.current.clients).toEqual([]);
  });
});

describe('usePendingEditedRows', () => {
  const location = (id: string, title: string): LocationRow => ({
    id,
    companyId: CLIENT,
    title,
    address: 'Kajen 1',
    latitude: null,
    longitude: null,
    radius: 5000,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  });
  const QUAY = location('6a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d', 'North quay');
  const YARD = location('7a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d', 'Yard');
  const rows = [QUAY, YARD];
  const put = (body: object) => enqueue('/companyLocations/updateLocation', { method: 'PUT', body });
  const patchRadius = (id: string, radius: number) =>
    enqueue('/companies/UpdateLocationRadius', { method: 'PATCH', body: { id, radius } });

  it('lays the latest queued edit over the fields a list shows, as the server will store them', async () => {
    await put({ id: QUAY.id, title: 'South quay', address: 'Kajen 2', radius: 3000 });
    await put({ id: QUAY.id, title: ' Old quay ', address: '  ', latitude: 56.1, longitude: 10.2, radius: null });
    // A required field emptied keeps the server's value (a body the forms never send).
    await put({ id: YARD.id, title: '' });
    const { result } = renderHook(() => usePendingEditedRows('locations', rows));
    await waitFor(() => expect(result.current.edited).toEqual(new Set([QUAY.id, YARD.id])));
    expect(result.current.rows).toEqual([{ ...QUAY, title: 'Old quay', address: null, radius: null }, YARD]);
  });

  it('shows a radius changed on its own over the latest full edit, which keeps its other fields', async () => {
    await put({ id: QUAY.id, title: 'South quay', address: 'Kajen 2', radius: 3000 });
    await patchRadius(QUAY.id, 10000);
    await patchRadius(YARD.id, 1000);
    const { result } = renderHook(() => usePendingEditedRows('locations', rows));
    await waitFor(() => expect(result.current.edited).toEqual(new Set([QUAY.id, YARD.id])));
    expect(result.current.rows).toEqual([
      { ...QUAY, title: 'South quay', address: 'Kajen 2', radius: 10000 },
      { ...YARD, radius: 1000 },
    ]);
  });

  it('lets a full edit after a radius change win on every field it carries, and a later radius change win', async () => {
    await patchRadius(QUAY.id, 10000);
    await put({ id: QUAY.id, title: 'South quay', address: 'Kajen 2', radius: 3000 });
    await put({ id: YARD.id, title: 'Old yard', address: 'Kajen 3', radius: 3000 });
    await patchRadius(YARD.id, 10000);
    const { result } = renderHook(() => usePendingEditedRows('locations', rows));
    await waitFor(() => expect(result.current.edited.size).toBe(2));
    expect(result.current.rows).toEqual([
      { ...QUAY, title: 'South quay', address: 'Kajen 2', radius: 3000 },
      { ...YARD, title: 'Old yard', address: 'Kajen 3', radius: 10000 },
    ]);
  });

  it('gives the rows as they are when none is edited', async () => {
    const { result } = renderHook(() => ({
      edited: usePendingEditedRows('locations', rows),
      all: usePendingRecords('locations', CLIENT),
    }));
    await waitFor(() => expect(result.current.all.map((r) => r.name)).toEqual(['North quay']));
    expect(result.current.edited.rows).toEqual(rows);
    expect(result.current.edited.edited.size).toBe(0);
  });
});
