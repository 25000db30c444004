import { href } from '@atrium/contracts';
import { ActionIcon, Anchor, Card, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ContactSort } from '@/features/clients/api/get-contacts';
import type { ContactRow } from '@/features/clients/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';
import { SortHeader } from '@/shared/list/list-toolbar';
import type { RecordsListProps } from './client-records-page';
import { listClasses as classes } from './list-parts';

type Props = RecordsListProps<ContactRow, ContactSort>;

function RowActions({ row, onDelete }: { row: ContactRow; onDelete: (row: ContactRow) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        component={Link}
        to={href('clients', 'typedContact', { type: 'edit', id: row.id })}
        aria-label={t('clients.actions.edit', { name: row.name })}
      >
        <IconEdit size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => onDelete(row)}
        aria-label={t('clients.actions.delete', { name: row.name })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/** A client's contacts: a table from 768px, cards below. */
export function ContactsList({ rows, loading, sorting, onSort, showActions, onDelete, wide }: Props) {
  const { t } = useTranslation();
  if (!wide) {
    if (!rows) return <Skeleton height={72} radius="lg" />;
    return (
      <Stack gap="sm" component="ul" className={classes.cardList}>
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="lg" padding="md" component="li" data-testid="contact-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div className={classes.cardText}>
                <Text
                  component={Link}
                  to={href('clients', 'typedContact', { type: 'edit', id: row.id })}
                  fw={600}
                  className={classes.nameLink}
                  truncate
                >
                  {row.name}
                </Text>
                <Text size="sm" c="dimmed" mt={2} truncate>
                  {row.email}
                  {row.phoneNumber ? ` · ${row.phoneNumber}` : ''}
                </Text>
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
            <SortHeader label={t('clients.contacts.columns.name')} column="name" sorting={sorting} onSort={onSort} />
            <SortHeader label={t('clients.contacts.columns.email')} column="email" sorting={sorting} onSort={onSort} />
            <Table.Th>{t('clients.contacts.columns.phone')}</Table.Th>
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
              <Table.Tr key={row.id} data-testid="contact-row">
                <Table.Td>
                  <Text
                    component={Link}
                    to={href('clients', 'typedContact', { type: 'edit', id: row.id })}
                    fw={600}
                    size="sm"
                    className={classes.nameLink}
                  >
                    {row.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.email}</Text>
                </Table.Td>
                <Table.Td>
                  {row.phoneNumber ? (
                    <Anchor size="sm" href={`tel:${row.phoneNumber.replace(/\s/g, '')}`}>
                      {row.phoneNumber}
                    </Anchor>
                  ) : (
                    <Text size="sm">—</Text>
                  )}
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
