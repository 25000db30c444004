import { href } from '@atrium/contracts';
import { ActionIcon, Card, Group, Select, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LocationSort } from '@/features/clients/api/get-locations';
import { problemText } from '@/features/clients/api/problem-messages';
import type { LocationRow } from '@/features/clients/api/types';
import { useUpdateLocationRadius } from '@/features/clients/api/update-location-radius';
import { useTranslation } from '@/shared/i18n/use-translation';
import { SortHeader } from '@/shared/list/list-toolbar';
import type { RecordsListProps } from './client-records-page';
import { listClasses as classes } from './list-parts';
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

function RowActions({ row, onDelete }: { row: LocationRow; onDelete: (row: LocationRow) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        component={Link}
        to={href('clients', 'typedLocation', { type: 'edit', id: row.id })}
        aria-label={t('clients.actions.edit', { name: row.title })}
      >
        <IconEdit size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => onDelete(row)}
        aria-label={t('clients.actions.delete', { name: row.title })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

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
      <Stack gap="sm" component="ul" className={classes.cardList}>
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="lg" padding="md" component="li" data-testid="location-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div className={classes.cardText}>
                <Text
                  component={Link}
                  to={href('clients', 'typedLocation', { type: 'edit', id: row.id })}
                  fw={600}
                  className={classes.nameLink}
                  truncate
                >
                  {row.title}
                </Text>
                {row.address && (
                  <Text size="sm" c="dimmed" mt={2}>
                    {row.address}
                  </Text>
                )}
                <Group mt="xs">
                  <RadiusSelect row={row} useKmAsValues={useKmAsValues} />
                </Group>
              </div>
              {showActions && <RowActions row={row} onDelete={onDelete} />}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="lg" padding={0} className={classes.tableCard}>
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-busy={loading}>
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
            {showActions && (
              <Table.Th className={classes.actionsCell}>
                <VisuallyHidden>{t('clients.columns.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Skeleton height={18} radius="sm" />
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id} data-testid="location-row">
                <Table.Td>
                  <Text
                    component={Link}
                    to={href('clients', 'typedLocation', { type: 'edit', id: row.id })}
                    fw={600}
                    size="sm"
                    className={classes.nameLink}
                  >
                    {row.title}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.address ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <RadiusSelect row={row} useKmAsValues={useKmAsValues} />
                </Table.Td>
                {showActions && (
                  <Table.Td className={classes.actionsCell}>
                    <RowActions row={row} onDelete={onDelete} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
