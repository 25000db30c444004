import { Skeleton, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionsHeader, CardList, ListCard, NameLink, TableCard } from '@/shared/list/list-parts';
import { SortHeader } from '@/shared/list/list-toolbar';
import { SkeletonRows } from '@/shared/list/skeleton-rows';
import type { RecordsListProps } from './client-records-page';
import { listClasses as classes, RowActions } from './list-parts';
import { PendingEditBadge } from './pending-notice';

/**
 * A client's contacts or locations: a table from 768px, cards below. Each row's name links to its edit
 * page, with edit and delete icons beside it; the two lists differ in their other columns.
 */
export function RecordRows<Row extends { id: string }, S extends string>({
  rows,
  edited,
  loading,
  sorting,
  onSort,
  showActions,
  onDelete,
  wide,
  testId,
  nameOf,
  editTo,
  columns,
  cells,
  details,
}: RecordsListProps<Row, S> & {
  testId: string;
  nameOf: (row: Row) => string;
  editTo: (row: Row) => string;
  /** The columns' headers, the name's first; those with a `sort` sort the list. */
  columns: { label: string; sort?: S }[];
  /** A table row's cells after the name. */
  cells: (row: Row) => ReactNode;
  /** A card's lines under the name. */
  details: (row: Row) => ReactNode;
}) {
  const actions = (row: Row) => <RowActions name={nameOf(row)} editTo={editTo(row)} onDelete={() => onDelete(row)} />;
  if (!wide) {
    if (!rows) return <Skeleton height={72} radius="lg" />;
    return (
      <CardList>
        {rows.map((row) => (
          <ListCard key={row.id} testId={testId} actions={showActions && actions(row)}>
            <NameLink to={editTo(row)} truncate>
              {nameOf(row)}
            </NameLink>
            {edited.has(row.id) && <PendingEditBadge mt={4} />}
            {details(row)}
          </ListCard>
        ))}
      </CardList>
    );
  }
  return (
    <TableCard loading={loading}>
      <Table.Thead>
        <Table.Tr>
          {columns.map(({ label, sort }) =>
            sort ? (
              <SortHeader key={label} label={label} column={sort} sorting={sorting} onSort={onSort} />
            ) : (
              <Table.Th key={label}>{label}</Table.Th>
            ),
          )}
          {showActions && <ActionsHeader className={classes.actionsCell} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {!rows ? (
          <SkeletonRows rows={1} columns={columns.length + 1} />
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id} data-testid={testId}>
              <Table.Td>
                {/* The badge under the name: beside it, it would run into the next column. */}
                <Stack gap={4} align="flex-start">
                  <NameLink to={editTo(row)} size="sm">
                    {nameOf(row)}
                  </NameLink>
                  {edited.has(row.id) && <PendingEditBadge />}
                </Stack>
              </Table.Td>
              {cells(row)}
              {showActions && <Table.Td className={classes.actionsCell}>{actions(row)}</Table.Td>}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </TableCard>
  );
}
