import { href } from '@atrium/contracts';
import { Group, Select, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LocationSort } from '@/features/clients/api/get-locations';
import { problemText } from '@/features/clients/api/problem-messages';
import type { LocationRow } from '@/features/clients/api/types';
import { useUpdateLocationRadius } from '@/features/clients/api/update-location-radius';
import { useTranslation } from '@/shared/i18n/use-translation';
import type { RecordsListProps } from './client-records-page';
import { radiusSelectData } from './radius';
import { RecordRows } from './record-rows';

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
          { id: row.id, radius: Number(v), companyId: row.companyId },
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
export function LocationsList({ useKmAsValues, ...props }: Props & { wide: boolean }) {
  const { t } = useTranslation();
  return (
    <RecordRows
      {...props}
      testId="location-row"
      nameOf={(row) => row.title}
      editTo={editTo}
      columns={[
        { label: t('clients.locations.columns.title'), sort: 'title' },
        { label: t('clients.locations.columns.address'), sort: 'address' },
        { label: t('clients.locations.columns.radius') },
      ]}
      cells={(row) => (
        <>
          <Table.Td>
            <Text size="sm">{row.address ?? '—'}</Text>
          </Table.Td>
          <Table.Td>
            <RadiusSelect row={row} useKmAsValues={useKmAsValues} />
          </Table.Td>
        </>
      )}
      details={(row) => (
        <>
          {row.address && (
            <Text size="sm" c="dimmed" mt={2}>
              {row.address}
            </Text>
          )}
          <Group mt="xs">
            <RadiusSelect row={row} useKmAsValues={useKmAsValues} />
          </Group>
        </>
      )}
    />
  );
}
