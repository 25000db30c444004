import { can, href, POLICIES } from '@atrium/contracts';
import { Badge, Group, Table, Text } from '@mantine/core';
import type { TenantSort } from '@/features/tenants/api/get-tenants';
import type { TenantRow } from '@/features/tenants/api/types';
import { useSession } from '@/shared/api/session';
import { formatDateTime } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ActionsHeader, CardList, ListCard, NameLink, SkeletonCards, TableCard } from '@/shared/list/list-parts';
import { SortHeader, type Sorting } from '@/shared/list/list-toolbar';
import { SkeletonRows } from '@/shared/list/skeleton-rows';
import { TenantRowMenu } from './tenant-row-menu';
import classes from './tenants-list.module.css';

type Props = {
  rows: TenantRow[] | undefined;
  loading: boolean;
  sorting: Sorting<TenantSort>;
  onSort: (sort: TenantSort) => void;
  onClone: (tenant: TenantRow) => void;
  onDelete: (tenant: TenantRow) => void;
};

/** A partner tenant's mark beside its name, which only super administrators see (spec part 1 §6). */
function PartnerBadge({ row }: { row: TenantRow }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!row.isPartnerTenant || session.status !== 'authenticated' || !can(session.user, POLICIES.superadmins)) {
    return null;
  }
  return (
    <Badge size="xs" variant="light" color="accent">
      {t('tenants.partner')}
    </Badge>
  );
}

/** The tenants as a table (1200px and wider). */
export function TenantsTable({ rows, loading, sorting, onSort, onClone, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableCard loading={loading}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader label={t('tenants.columns.name')} column="name" sorting={sorting} onSort={onSort} />
          <Table.Th className={classes.numeric}>{t('tenants.columns.users')}</Table.Th>
          <SortHeader label={t('tenants.columns.created')} column="createdAt" sorting={sorting} onSort={onSort} />
          <ActionsHeader className={classes.menuCell} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {!rows ? (
          <SkeletonRows rows={5} columns={4} />
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <NameLink to={href('tenants', 'form', { id: row.id })}>{row.name}</NameLink>
                  <PartnerBadge row={row} />
                </Group>
              </Table.Td>
              <Table.Td className={classes.numeric}>{row.countOfUsers}</Table.Td>
              <Table.Td>
                <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
              </Table.Td>
              <Table.Td className={classes.menuCell}>
                <TenantRowMenu tenant={row} onClone={onClone} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </TableCard>
  );
}

/** The tenants as stacked cards (below 1200px). */
export function TenantsCards({ rows, onClone, onDelete }: Props) {
  const { t } = useTranslation();
  if (!rows) return <SkeletonCards count={4} height={72} />;
  return (
    <CardList>
      {rows.map((row) => (
        <ListCard key={row.id} actions={<TenantRowMenu tenant={row} onClone={onClone} onDelete={onDelete} />}>
          <Group gap="xs" wrap="nowrap">
            <NameLink to={href('tenants', 'form', { id: row.id })} truncate>
              {row.name}
            </NameLink>
            <PartnerBadge row={row} />
          </Group>
          <Text size="sm" c="dimmed" mt={2}>
            {t('tenants.userCount', { count: row.countOfUsers })} ·{' '}
            <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
          </Text>
        </ListCard>
      ))}
    </CardList>
  );
}
