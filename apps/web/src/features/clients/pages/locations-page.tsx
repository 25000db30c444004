import { CLIENT_LIMITS, href, LOCATION_SORTS } from '@atrium/contracts';
import { Button, Skeleton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDeleteLocation } from '@/features/clients/api/delete-location';
import { useClient } from '@/features/clients/api/get-client';
import { useLocations } from '@/features/clients/api/get-locations';
import { useMapInfo } from '@/features/clients/api/get-map-info';
import type { LocationRow } from '@/features/clients/api/types';
import { ConfirmDeleteDialog } from '@/features/clients/components/confirm-delete-dialog';
import { CLIENTS_PAGE_SIZE, ListStates } from '@/features/clients/components/list-parts';
import { RecordLoadFailed } from '@/features/clients/components/load-failed';
import { LocationsList } from '@/features/clients/components/locations-list';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ListPager, ListToolbar } from '@/shared/list/list-toolbar';
import { useListLayout } from '@/shared/list/use-list-layout';
import { useLastPageFollow, useListParams } from '@/shared/list/use-list-params';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { PageLoader } from '@/shared/ui/page-loader';

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
  const client = useClient(id);
  useNotFoundWhen(recordMissing(id, client.error));
  const title = client.data ? t('clients.locations.title', { title: client.data.title }) : t('clients.title');
  usePageTitle(title);
  const list = useListParams(LOCATION_SORTS, 'title', {
    take: CLIENTS_PAGE_SIZE,
  });
  const { params, onSort, setPage } = list;
  const locations = useLocations(id, params);
  const mapLocations = useLocations(id, MAP_PARAMS);
  const info = useMapInfo();
  const remove = useDeleteLocation();
  const [deleting, setDeleting] = useState<LocationRow | null>(null);
  const { wide, showActions } = useListLayout();
  const data = locations.data;
  const pages = useLastPageFollow(data, locations.isPlaceholderData, params.page, setPage);

  // A spinner until the client has loaded (spec part 2 §2).
  if (client.isPending) return <PageLoader />;
  if (client.isError)
    return (
      <RecordLoadFailed
        title={t('clients.loadOneFailed')}
        error={client.error}
        onRetry={() => void client.refetch()}
        back={href('clients', 'list')}
      />
    );

  const addButton = (fullWidth: boolean) => (
    <Button
      component={Link}
      to={href('clients', 'typedLocation', { type: 'new', id })}
      leftSection={<IconPlus size={16} />}
      fullWidth={fullWidth}
    >
      {t('clients.locations.add')}
    </Button>
  );
  const rows = locations.isPending ? undefined : data?.data;

  const content = (
    <ListStates
      query={locations}
      rows={rows}
      loadFailed={t('clients.locations.loadFailed')}
      icon={<IconMapPin size={28} />}
      search={params.search}
      empty={t('clients.locations.empty')}
      emptyText={t('clients.locations.emptyText')}
    >
      <LocationsList
        rows={rows}
        loading={locations.isFetching}
        sorting={{ sort: params.sort, direction: params.direction }}
        onSort={onSort}
        useKmAsValues={info.data?.useKmAsValues ?? true}
        showActions={showActions}
        onDelete={setDeleting}
        wide={wide}
      />
    </ListStates>
  );

  return (
    <ListFrame
      title={title}
      subtitle={data ? t('clients.locationCount', { count: data.total }) : t('clients.locations.subtitle')}
      actions={addButton}
    >
      {info.data && mapLocations.data ? (
        <Suspense fallback={<Skeleton height={360} radius="lg" />}>
          <ClientsMap client={client.data} locations={mapLocations.data.data} info={info.data} />
        </Suspense>
      ) : info.isError || mapLocations.isError ? null : (
        <Skeleton height={360} radius="lg" />
      )}

      <ListToolbar
        list={list}
        searchLabel={t('clients.locations.search')}
        searchPlaceholder={t('clients.locations.searchPlaceholder')}
        sortLabel={t('clients.sortBy')}
        sortOptions={
          wide
            ? undefined
            : [
                { value: 'title:asc', label: t('clients.locations.sort.titleAsc') },
                { value: 'title:desc', label: t('clients.locations.sort.titleDesc') },
                { value: 'address:asc', label: t('clients.locations.sort.addressAsc') },
                { value: 'address:desc', label: t('clients.locations.sort.addressDesc') },
              ]
        }
      />

      {content}

      <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />

      <ConfirmDeleteDialog
        name={deleting?.title ?? null}
        title={t('clients.locations.deleteTitle')}
        pending={remove.isPending}
        error={remove.error}
        errorTitle={t('clients.delete.failed')}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { id: deleting.id, companyId: id },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('clients.delete.done', { name: deleting.title }) });
                setDeleting(null);
              },
            },
          );
        }}
      />
    </ListFrame>
  );
}
