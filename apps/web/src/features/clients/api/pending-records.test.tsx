import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { clearQueue, enqueue } from '@/shared/offline/queue';
import { authResult } from '@/test/fixtures';
import { usePendingRecords } from './pending-records';

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
afterEach(async () => {
  await clearQueue();
  resetSessionForTests();
});

describe('usePendingRecords', () => {
  it('names the signed-in user’s queued new records of each kind, a client’s own where one is given', async () => {
    const clients = renderHook(() => usePendingRecords('clients'));
    const contacts = renderHook(() => usePendingRecords('contacts', CLIENT));
    const locations = renderHook(() => usePendingRecords('locations', CLIENT));
    await waitFor(() => expect(clients.result.current).toEqual(['Fjordfisk ApS']));
    await waitFor(() => expect(contacts.result.current).toEqual(['Karen Fisker']));
    await waitFor(() => expect(locations.result.current).toEqual(['North quay']));
  });
});
