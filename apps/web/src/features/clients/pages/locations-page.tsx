import { CLIENT_LIMITS, LOCATION_SORTS } from '@atrium/contracts';
import { Skeleton } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useDeleteLocation } from '@/features/clients/api/delete-location';
import { useLocations } from '@/features/clients/api/get-locations';
import { useMapInfo } from '@/features/clients/api/get-map-info';
import { ClientRecordsPage } from '@/features/clients/components/client-records-page';
import { CLIENTS_PAGE_SIZE } from '@/features/clients/components/list-parts';
import { LocationsList } from '@/features/clients/components/locations-list';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useListParams } from '@/shared/list/use-list-params';

// Leaflet and its CSS load with the map only.
const ClientsMap = lazy(() => import('@/features/clients/components/clients-map'));

const MAP_PARAMS = {
  page: 1,
  take: CLIENT_LIMITS.mapLocationsMax,
  sort: 'title',
  direction: 'asc',
  search: '',
} as const;

/** /admin/clients/locations/{clientId}: the client's locations on a map and in a list. */
export default function LocationsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const list = useListParams(LOCATION_SORTS, 'title', { take: CLIENTS_PAGE_SIZE });
  const locations = useLocations(id, list.params);
  const mapLocations = useLocations(id, MAP_PARAMS);
  const info = useMapInfo();
  const remove = useDeleteLocation();
  return (
    <ClientRecordsPage
      kind="locations"
      clientId={id}
      icon={<IconMapPin size={28} />}
      list={list}
      records={locations}
      sortBy={[
        { column: 'title', name: t('clients.locations.columns.title') },
        { column: 'address', name: t('clients.locations.columns.address') },
      ]}
      nameOf={(row) => row.title}
      remove={{ ...remove, run: (row, done) => remove.mutate({ id: row.id, companyId: id }, { onSuccess: done }) }}
      above={(client) =>
        info.data && mapLocations.data ? (
          <Suspense fallback={<Skeleton height={360} radius="lg" />}>
            <ClientsMap client={client} locations={mapLocations.data.data} info={info.data} />
          </Suspense>
        ) : info.isError || mapLocations.isError ? null : (
          <Skeleton height={360} radius="lg" />
        )
      }
      renderList={(props) => <LocationsList {...props} useKmAsValues={info.data?.useKmAsValues ?? true} />}
    />
  );
}
