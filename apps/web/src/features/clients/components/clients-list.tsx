import { href } from '@atrium/contracts';
import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { IconAddressBook, IconMapPin } from '@tabler/icons-react';
import type { ClientSort } from '@/features/clients/api/get-clients';
import type { ClientRow } from '@/features/clients/api/types';
import { formatDateTime } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ActionsHeader, CardList, ListCard, NameLink, SkeletonCards, TableCard } from '@/shared/list/list-parts';
import { SortHeader, type Sorting } from '@/shared/list/list-toolbar';
import { SkeletonRows } from '@/shared/list/skeleton-rows';
import { FILL_COLOR_THEME } from './fill-color';
import { listClasses as classes, RowActions } from './list-parts';
import { PendingEditBadge } from './pending-notice';

type Props = {
  rows: ClientRow[] | undefined;
  /** Rows showing an edit that waits to be sent. */
  edited: ReadonlySet<string>;
  loading: boolean;
  sorting: Sorting<ClientSort>;
  onSort: (sort: ClientSort) => void;
  /** Row actions show from 575px (spec part 2 §9). */
  showActions: boolean;
  onDelete: (row: ClientRow) => void;
};

/** Names in lists are cut at 50 characters (spec part 2 §9). */
const cut = (text: string) => (text.length > 50 ? `${text.slice(0, 50)}…` : text);

function Swatch({ row }: { row: ClientRow }) {
  if (!row.fillColor) return null;
  return <Box className={classes.swatch} bg={`${FILL_COLOR_THEME[row.fillColor]}.6`} aria-hidden="true" />;
}

/** Contacts, locations, edit and delete of one client, each an icon with its name for screen readers. */
export function ClientRowActions({ row, onDelete }: { row: ClientRow; onDelete: (row: ClientRow) => void }) {
  const { t } = useTranslation();
  return (
    <RowActions
      name={row.title}
      links={[
        {
          to: href('clients', 'contact', { id: row.id }),
          label: t('clients.actions.contacts', { name: row.title }),
          icon: IconAddressBook,
        },
        {
          to: href('clients', 'location', { id: row.id }),
          label: t('clients.actions.locations', { name: row.title }),
          icon: IconMapPin,
        },
      ]}
      editTo={href('clients', 'form', { id: row.id })}
      onDelete={() => onDelete(row)}
    />
  );
}

/** The clients as a table (1200px and wider). */
export function ClientsTable({ rows, edited, loading, sorting, onSort, showActions, onDelete }: Props) {
  const { t } = useTranslation();
  const columns = showActions ? 6 : 5;
  return (
    <TableCard loading={loading}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader label={t('clients.columns.name')} column="title" sorting={sorting} onSort={onSort} />
          <Table.Th>{t('clients.columns.address')}</Table.Th>
          <Table.Th>{t('clients.columns.clientCode')}</Table.Th>
          <Table.Th>{t('clients.columns.people')}</Table.Th>
          <SortHeader label={t('clients.columns.updated')} column="updatedAt" sorting={sorting} onSort={onSort} />
          {showActions && <ActionsHeader className={classes.actionsCell} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {!rows ? (
          <SkeletonRows rows={5} columns={columns} />
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id} data-testid="client-row">
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Swatch row={row} />
                  {/* The badge under the name: beside it, it would run into the next column. */}
                  <Stack gap={4} align="flex-start">
                    <NameLink
                      to={href('clients', 'form', { id: row.id })}
                      size="sm"
                      title={row.title.length > 50 ? row.title : undefined}
                    >
                      {cut(row.title)}
                    </NameLink>
                    {edited.has(row.id) && <PendingEditBadge />}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.address ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.clientCode ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {t('clients.contactCount', { count: row.contactsCount })} ·{' '}
                  {t('clients.locationCount', { count: row.locationsCount })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" component="time" dateTime={row.updatedAt}>
                  {formatDateTime(row.updatedAt)}
                </Text>
              </Table.Td>
              {showActions && (
                <Table.Td className={classes.actionsCell}>
                  <ClientRowActions row={row} onDelete={onDelete} />
                </Table.Td>
              )}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </TableCard>
  );
}

/** The clients as stacked cards (below 1200px). */
export function ClientsCards({ rows, edited, showActions, onDelete }: Props) {
  const { t } = useTranslation();
  if (!rows) return <SkeletonCards count={4} height={72} />;
  return (
    <CardList>
      {rows.map((row) => (
        <ListCard
          key={row.id}
          testId="client-row"
          actions={showActions && <ClientRowActions row={row} onDelete={onDelete} />}
        >
          <Group gap="xs" wrap="nowrap">
            <Swatch row={row} />
            <NameLink to={href('clients', 'form', { id: row.id })} truncate>
              {cut(row.title)}
            </NameLink>
          </Group>
          {edited.has(row.id) && <PendingEditBadge mt={4} />}
          {row.address && (
            <Text size="sm" mt={2} truncate>
              {row.address}
            </Text>
          )}
          <Text size="sm" c="dimmed" mt={2}>
            {t('clients.contactCount', { count: row.contactsCount })} ·{' '}
            {t('clients.locationCount', { count: row.locationsCount })} ·{' '}
            <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt)}</time>
          </Text>
        </ListCard>
      ))}
    </CardList>
  );
}
