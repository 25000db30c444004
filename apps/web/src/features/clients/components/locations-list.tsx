import { href } from '@atrium/contracts';
import { Group, Select, Skeleton, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LocationSort } from '@/features/clients/api/get-locations';
import { problemText } from '@/features/clients/api/problem-messages';
import type { LocationRow } from '@/features/clients/api/types';
import { useUpdateLocationRadius } from '@/features/clients/api/update-location-radius';
import { useTranslation } from '@/shared/i18n/use-translation';
import { CardList, ListCard, NameLink, TableCard } from '@/shared/list/list-parts';
import { SortHeader } from '@/shared/list/list-toolbar';
import { SkeletonRows } from '@/shared/list/skeleton-rows';
import type { RecordsListProps } from './client-records-page';
import { ActionsHeader, listClasses as classes, RowActions } from './list-parts';
import { radiusSelectData } from './radius';

type Props = Omit<RecordsListProps<LocationRow, LocationSort>, 'wide'> & { useKmAsValues: boolean };

/** A location's radius, changed in place through UpdateLocationRadius. */
function RadiusSelect({ row, useKmAsValues }: { row: LocationRow; useKmAsValues: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateLocationRadius();
  return (
    <Select
      size="xs"
      w={130}
      aria-label={t('clients.locations.radiusOf', { title: row.title })}
      placeholder={t('clients.radius.none')}
      data={radiusSelectData(t, useKmAsValues, row.radius)}
      value={row.radius === null ? null : String(row.radius)}
      allowDeselect={false}
      disabled={update.isPending}
      onChange={(v) =>
        v &&
        update.mutate(
          { id: row.id, radius: Number(v) },
          {
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: t('clients.locations.radiusFailed'),
                message: problemText(t, error),
              }),
          },
        )
      }
    />
  );
}

const editTo = (row: LocationRow) => href('clients', 'typedLocation', { type: 'edit', id: row.id });

/** A client's locations: a table from 768px, cards below. */
export function LocationsList({
  rows,
  loading,
  sorting,
  onSort,
  useKmAsValues,
  showActions,
  onDelete,
  wide,
}: Props & { wide: boolean }) {
  const { t } = useTranslation();
  if (!wide) {
    if (!rows) return <Skeleton height={72} radius="lg" />;
    return (
      <CardList>
        {rows.map((row) => (
          <ListCard
            key={row.id}
            testId="location-row"
            actions={showActions && <RowActions name={row.title} editTo={editTo(row)} onDelete={() => onDelete(row)} />}
          >
            <NameLink to={editTo(row)} truncate>
              {row.title}
            </NameLink>
            {row.address && (
              <Text size="sm" c="dimmed" mt={2}>
                {row.address}
              </Text>
            )}
            <Group mt="xs">
              <RadiusSelect row={row} useKmAsValues={useKmAsValues} />
            </Group>
          </ListCard>
        ))}
      </CardList>
    );
  }
  return (
    <TableCard loading={loading}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader label={t('clients.locations.columns.title')} column="title" sorting={sorting} onSort={onSort} />
          <SortHeader
            label={t('clients.locations.columns.address')}
            column="address"
            sorting={sorting}
            onSort={onSort}
          />
          <Table.Th>{t('clients.locations.columns.radius')}</Table.Th>
          {showActions && <ActionsHeader />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {!rows ? (
          <SkeletonRows rows={1} columns={4} />
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id} data-testid="location-row">
              <Table.Td>
                <NameLink to={editTo(row)} size="sm">
                  {row.title}
                </NameLink>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.address ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <RadiusSelect row={row} useKmAsValues={useKmAsValues} />
              </Table.Td>
              {showActions && (
                <Table.Td className={classes.actionsCell}>
                  <RowActions name={row.title} editTo={editTo(row)} onDelete={() => onDelete(row)} />
                </Table.Td>
              )}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </TableCard>
  );
}
