import { Skeleton, Table } from '@mantine/core';

/** A table's body while its first page loads: placeholder rows across every column. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Table.Tr key={i}>
      <Table.Td colSpan={columns}>
        <Skeleton height={18} radius="sm" />
      </Table.Td>
    </Table.Tr>
  ));
}
