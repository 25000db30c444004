import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import ClientsMap from './clients-map';

const client = { id: 'c1', title: 'Nordlys', latitude: 55.68, longitude: 12.57, fillColor: null };
const noTiles = { useKmAsValues: true, tileUrl: null, tileAttribution: null };

describe('ClientsMap without tiles', () => {
  it('tells a tenant administrator what the map lacks, not a server setting they cannot change', () => {
    acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
    renderWithProviders(<ClientsMap client={client} locations={[]} info={noTiles} />);
    expect(screen.getByText(/without streets or place names/)).toBeInTheDocument();
    expect(screen.queryByText(/MAP_TILE_URL/)).not.toBeInTheDocument();
  });

  it('tells a super administrator which setting adds the map', () => {
    acceptAuthResult(authResult({ roles: ['Superadmin'] }));
    renderWithProviders(<ClientsMap client={client} locations={[]} info={noTiles} />);
    expect(screen.getByText(/Set MAP_TILE_URL on the server/)).toBeInTheDocument();
  });
});
