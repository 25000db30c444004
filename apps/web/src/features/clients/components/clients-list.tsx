import { href } from '@atrium/contracts';
import { ActionIcon, Box, Card, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAddressBook, IconEdit, IconMapPin, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ClientSort } from '@/features/clients/api/get-clients';
import type { ClientRow } from '@/features/clients/api/types';
import { formatDateTime } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { SortHeader, type Sorting } from '@/shared/list/list-toolbar';
import { SkeletonRows } from '@/shared/list/skeleton-rows';
import { FILL_COLOR_THEME } from './fill-color';
import { listClasses as classes } from './list-parts';

type Props = {
  rows: ClientRow[] | undefined;
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
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        component={Link}
        to={href('clients', 'contact', { id: row.id })}
        aria-label={t('clients.actions.contacts', { name: row.title })}
      >
        <IconAddressBook size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        component={Link}
        to={href('clients', 'location', { id: row.id })}
        aria-label={t('clients.actions.locations', { name: row.title })}
      >
        <IconMapPin size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        component={Link}
        to={href('clients', 'form', { id: row.id })}
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

/** The clients as a table (1200px and wider). */
export function ClientsTable({ rows, loading, sorting, onSort, showActions, onDelete }: Props) {
  const { t } = useTranslation();
  const columns = showActions ? 6 : 5;
  return (
    <Card withBorder radius="lg" padding={0} className={classes.tableCard}>
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t('clients.columns.name')} column="title" sorting={sorting} onSort={onSort} />
            <Table.Th>{t('clients.columns.address')}</Table.Th>
            <Table.Th>{t('clients.columns.clientCode')}</Table.Th>
            <Table.Th>{t('clients.columns.people')}</Table.Th>
            <SortHeader label={t('clients.columns.updated')} column="updatedAt" sorting={sorting} onSort={onSort} />
            {showActions && (
              <Table.Th className={classes.actionsCell}>
                <VisuallyHidden>{t('clients.columns.actions')}</VisuallyHidden>
              </Table.Th>
            )}
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
                    <Text
                      component={Link}
                      to={href('clients', 'form', { id: row.id })}
                      fw={600}
                      size="sm"
                      className={classes.nameLink}
                      title={row.title.length > 50 ? row.title : undefined}
                    >
                      {cut(row.title)}
                    </Text>
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
      </Table>
    </Card>
  );
}

/** The clients as stacked cards (below 1200px). */
export function ClientsCards({ rows, showActions, onDelete }: Props) {
  const { t } = useTranslation();
  if (!rows) {
    return (
      <Stack gap="sm">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={72} radius="lg" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" component="ul" className={classes.cardList}>
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="lg" padding="md" component="li" data-testid="client-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div className={classes.cardText}>
              <Group gap="xs" wrap="nowrap">
                <Swatch row={row} />
                <Text
                  component={Link}
                  to={href('clients', 'form', { id: row.id })}
                  fw={600}
                  className={classes.nameLink}
                  truncate
                >
                  {cut(row.title)}
                </Text>
              </Group>
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
            </div>
            {showActions && <ClientRowActions row={row} onDelete={onDelete} />}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
