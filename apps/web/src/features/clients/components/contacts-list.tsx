import { href } from '@atrium/contracts';
import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import type { ContactSort } from '@/features/clients/api/get-contacts';
import type { ContactRow } from '@/features/clients/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';
import { CardList, ListCard, NameLink, TableCard } from '@/shared/list/list-parts';
import { SortHeader } from '@/shared/list/list-toolbar';
import { SkeletonRows } from '@/shared/list/skeleton-rows';
import type { RecordsListProps } from './client-records-page';
import { ActionsHeader, listClasses as classes, RowActions } from './list-parts';

type Props = RecordsListProps<ContactRow, ContactSort>;

const editTo = (row: ContactRow) => href('clients', 'typedContact', { type: 'edit', id: row.id });

/** A client's contacts: a table from 768px, cards below. */
export function ContactsList({ rows, loading, sorting, onSort, showActions, onDelete, wide }: Props) {
  const { t } = useTranslation();
  if (!wide) {
    if (!rows) return <Skeleton height={72} radius="lg" />;
    return (
      <CardList>
        {rows.map((row) => (
          <ListCard
            key={row.id}
            testId="contact-row"
            actions={showActions && <RowActions name={row.name} editTo={editTo(row)} onDelete={() => onDelete(row)} />}
          >
            <NameLink to={editTo(row)} truncate>
              {row.name}
            </NameLink>
            <Text size="sm" c="dimmed" mt={2} truncate>
              {row.email}
              {row.phoneNumber ? ` · ${row.phoneNumber}` : ''}
            </Text>
          </ListCard>
        ))}
      </CardList>
    );
  }
  return (
    <TableCard loading={loading}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader label={t('clients.contacts.columns.name')} column="name" sorting={sorting} onSort={onSort} />
          <SortHeader label={t('clients.contacts.columns.email')} column="email" sorting={sorting} onSort={onSort} />
          <Table.Th>{t('clients.contacts.columns.phone')}</Table.Th>
          {showActions && <ActionsHeader />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {!rows ? (
          <SkeletonRows rows={1} columns={4} />
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id} data-testid="contact-row">
              <Table.Td>
                <NameLink to={editTo(row)} size="sm">
                  {row.name}
                </NameLink>
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
                  <RowActions name={row.name} editTo={editTo(row)} onDelete={() => onDelete(row)} />
                </Table.Td>
              )}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </TableCard>
  );
}
