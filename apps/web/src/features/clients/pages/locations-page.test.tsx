import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { clearQueue, enqueue } from '@/shared/offline/queue';
import { authResult, json } from '@/test/fixtures';
import { renderRoutes, stubApi } from '@/test/page';
import { setViewportWidth } from '@/test/render';
import LocationsPage from './locations-page';

const CLIENT_ID = '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const client = { id: CLIENT_ID, title: 'Nordlys ApS', contactsCount: 0, locationsCount: 2 };
const WAITING = 'Waiting to be sent. Kept on this device and sent when the network returns.';
const quay = {
  id: '7a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  companyId: CLIENT_ID,
  title: 'North quay',
  address: 'Kajen 1',
  latitude: null,
  longitude: null,
  radius: 5000,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const yard = { ...quay, id: '8a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d', title: 'Yard' };

beforeEach(async () => {
  await clearQueue();
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
  stubApi(({ path }) => {
    if (path === `/companies/loadOneCompany/${CLIENT_ID}`) return json(client);
    if (path.startsWith('/companyLocations/customLoadPage/')) return json({ data: [quay, yard], total: 2 });
    // No map info: the page leaves the map out and the list reads radii in kilometres.
    return json({ title: 'Not found', status: 404 }, 404);
  });
});
afterEach(() => clearQueue());

const renderPage = () =>
  renderRoutes(
    `/admin/clients/locations/${CLIENT_ID}`,
    <Route path="/admin/clients/locations/:id" element={<LocationsPage />} />,
  );

describe('locations page with changes queued offline', () => {
  it('shows the radius of a location changed offline in the list, marked as waiting to be sent', async () => {
    await enqueue('/companies/UpdateLocationRadius', { method: 'PATCH', body: { id: quay.id, radius: 3000 } });
    setViewportWidth(1280);
    renderPage();
    const row = (await screen.findByRole('link', { name: 'North quay' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: WAITING })).toHaveTextContent('Waiting to be sent');
    expect(within(row).getByRole('combobox', { name: 'Radius of North quay' })).toHaveValue('3 km');
    expect(within(row).getByText('Kajen 1')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'Yard' }).closest('tr') as HTMLElement;
    expect(within(other).getByRole('combobox', { name: 'Radius of Yard' })).toHaveValue('5 km');
    expect(within(other).queryByRole('img', { name: WAITING })).not.toBeInTheDocument();
  });
});
