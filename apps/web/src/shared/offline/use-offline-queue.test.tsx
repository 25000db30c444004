import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { authResult } from '@/test/fixtures';
import { clearQueue, enqueue } from './queue';
import { useOfflineQueue, usePendingCreates, usePendingEdits } from './use-offline-queue';

const PATH = '/things/updateThing';
const PART_PATH = '/things/updateThingSize';
const ONE = '1a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const TWO = '2a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const THREE = '3a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const OTHER_USER = '22222222-2222-4222-8222-222222222222';

const put = (path: string, body: object) => enqueue(path, { method: 'PUT', body });

beforeEach(async () => {
  await clearQueue();
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
});
afterEach(() => clearQueue());

describe('usePendingEdits', () => {
  it('gives the latest queued body of each record sent to the path, by its id', async () => {
    await put(PATH, { id: ONE, title: 'First' });
    await enqueue(PATH, { method: 'PATCH', body: { id: TWO, title: 'Two' } });
    await put(PATH, { id: ONE, title: 'Second' });
    await put('/things/updateOther', { id: THREE, title: 'Elsewhere' });
    const { result } = renderHook(() => usePendingEdits(PATH));
    await waitFor(() => expect(result.current.size).toBe(2));
    expect(result.current.get(ONE)).toEqual({ id: ONE, title: 'Second' });
    expect(result.current.get(TWO)).toEqual({ id: TWO, title: 'Two' });
    expect(result.current.has(THREE)).toBe(false);
  });

  it('lays each record’s edits to several paths over each other, oldest first', async () => {
    await put(PATH, { id: ONE, title: 'Full', size: 1 });
    await enqueue(PART_PATH, { method: 'PATCH', body: { id: ONE, size: 2 } });
    await enqueue(PART_PATH, { method: 'PATCH', body: { id: TWO, size: 3 } });
    await put(PATH, { id: TWO, title: 'Full again', size: 4 });
    const { result } = renderHook(() => usePendingEdits([PATH, PART_PATH]));
    await waitFor(() => expect(result.current.size).toBe(2));
    // A part edit keeps the earlier full edit's other fields; a later full edit wins on all it carries.
    expect(result.current.get(ONE)).toEqual({ id: ONE, title: 'Full', size: 2 });
    expect(result.current.get(TWO)).toEqual({ id: TWO, title: 'Full again', size: 4 });
  });

  it('leaves out another user’s edits, and creates sent to the same path', async () => {
    resetSessionForTests();
    acceptAuthResult(authResult({ id: OTHER_USER, roles: ['TenantAdmin'] }));
    await put(PATH, { id: ONE, title: 'Not mine' });
    resetSessionForTests();
    acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
    // A create carries its placeholder as `id`: still no edit of a record the server has.
    await enqueue(PATH, { method: 'POST', body: { title: 'New' } });
    await put(PATH, { id: TWO, title: 'Mine' });
    const { result } = renderHook(() => usePendingEdits(PATH));
    await waitFor(() => expect(result.current.size).toBeGreaterThan(0));
    expect([...result.current]).toEqual([[TWO, { id: TWO, title: 'Mine' }]]);
  });

  it('gives nothing while nobody is signed in', async () => {
    await put(PATH, { id: ONE, title: 'Mine' });
    resetSessionForTests();
    const { result } = renderHook(() => ({ queued: useOfflineQueue().entries, edits: usePendingEdits(PATH) }));
    // Once the queue has been read, the entry is there but is nobody's edit to show.
    await waitFor(() => expect(result.current.queued).toHaveLength(1));
    expect(result.current.edits.size).toBe(0);
  });
});

describe('usePendingCreates', () => {
  it('gives nothing while nobody is signed in', async () => {
    await enqueue(PATH, { method: 'POST', body: { title: 'New' } });
    resetSessionForTests();
    const { result } = renderHook(() => ({ queued: useOfflineQueue().entries, creates: usePendingCreates(PATH) }));
    await waitFor(() => expect(result.current.queued).toHaveLength(1));
    expect(result.current.creates).toEqual([]);
  });
});
