import { href } from '@atrium/contracts';
import { Badge, Card, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { TenantSort } from '@/features/tenants/api/get-tenants';
import type { TenantRow } from '@/features/tenants/api/types';
import { formatDateTime } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import listClasses from '@/shared/list/list.module.css';
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

/** The tenants as a table (1200px and wider). */
export function TenantsTable({ rows, loading, sorting, onSort, onClone, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding={0} className={listClasses.tableCard}>
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t('tenants.columns.name')} column="name" sorting={sorting} onSort={onSort} />
            <Table.Th className={classes.numeric}>{t('tenants.columns.users')}</Table.Th>
            <SortHeader label={t('tenants.columns.created')} column="createdAt" sorting={sorting} onSort={onSort} />
            <Table.Th className={classes.menuCell}>
              <VisuallyHidden>{t('tenants.columns.actions')}</VisuallyHidden>
            </Table.Th>
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
                    <Text
                      component={Link}
                      to={href('tenants', 'form', { id: row.id })}
                      fw={600}
                      className={listClasses.nameLink}
                    >
                      {row.name}
                    </Text>
                    {row.isPartnerTenant && (
                      <Badge size="xs" variant="light" color="accent">
                        {t('tenants.partner')}
                      </Badge>
                    )}
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
      </Table>
    </Card>
  );
}

/** The tenants as stacked cards (below 1200px). */
export function TenantsCards({ rows, onClone, onDelete }: Props) {
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
    <Stack gap="sm" component="ul" className={listClasses.cardList}>
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="lg" padding="md" component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div className={listClasses.cardText}>
              <Group gap="xs" wrap="nowrap">
                <Text
                  component={Link}
                  to={href('tenants', 'form', { id: row.id })}
                  fw={600}
                  className={listClasses.nameLink}
                  truncate
                >
                  {row.name}
                </Text>
                {row.isPartnerTenant && (
                  <Badge size="xs" variant="light" color="accent">
                    {t('tenants.partner')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" mt={2}>
                {t('tenants.userCount', { count: row.countOfUsers })} ·{' '}
                <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
              </Text>
            </div>
            <TenantRowMenu tenant={row} onClone={onClone} onDelete={onDelete} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
