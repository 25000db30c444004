import '@mantine/charts/styles.css';
import type { CollaborationInfo } from '@atrium/contracts';
import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTenantInfo } from '@/features/tenant-settings/api/get-tenant-info';
import { SettingsPageFrame } from '@/features/tenant-settings/components/settings-page-frame';
import { formatNumber } from '@/shared/format/number';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import listClasses from '@/shared/list/list.module.css';
import { useListLayout } from '@/shared/list/use-list-layout';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { EmptyNotice } from '@/shared/ui/empty-notice';
import classes from './tenant-info-page.module.css';

/** A count as the UI language writes it. */
function useCount() {
  const { i18n } = useTranslation();
  return (value: number) => formatNumber(value, i18n.language, 0);
}

function Stat({ label, value }: { label: string; value: number }) {
  const count = useCount();
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {count(value)}
      </Text>
    </Card>
  );
}

/** The collaborations with their numbers: a table from 1200px, a card each below. */
function Collaborations({ rows }: { rows: CollaborationInfo[] }) {
  const { t } = useTranslation();
  const count = useCount();
  const { wide } = useListLayout();
  if (!wide) {
    return (
      <Stack gap="sm" component="ul" className={listClasses.cardList} aria-label={t('tenantSettings.info.listLabel')}>
        {rows.map((c) => (
          <Card key={c.id} withBorder radius="lg" padding="md" component="li">
            <Text fw={600} className={classes.name}>
              {c.name}
            </Text>
            <Group gap="lg" mt={4}>
              <Text size="sm" c="dimmed">
                {t('tenantSettings.info.users')}: <b>{count(c.usersCount)}</b>
              </Text>
              <Text size="sm" c="dimmed">
                {t('tenantSettings.info.ideas')}: <b>{count(c.ideasCount)}</b>
              </Text>
              <Text size="sm" c="dimmed">
                {t('tenantSettings.info.comments')}: <b>{count(c.commentsCount)}</b>
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="lg" padding={0} className={listClasses.tableCard}>
      <Table verticalSpacing="sm" horizontalSpacing="lg">
        <Table.Caption className={classes.caption}>{t('tenantSettings.info.listLabel')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tenantSettings.info.name')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('tenantSettings.info.users')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('tenantSettings.info.ideas')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('tenantSettings.info.comments')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td className={classes.name}>{c.name}</Table.Td>
              <Table.Td className={classes.numeric}>{count(c.usersCount)}</Table.Td>
              <Table.Td className={classes.numeric}>{count(c.ideasCount)}</Table.Td>
              <Table.Td className={classes.numeric}>{count(c.commentsCount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** /tenants/info/{id}: the tenant's name, its number of collaborations and each one's users, ideas, comments. */
export default function TenantInfoPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const info = useTenantInfo(id);
  usePageTitle(t('tenantSettings.info.title'));
  useNotFoundWhen(recordMissing(id, info.error));
  const data = info.data;
  const totals = (data?.collaborations ?? []).reduce(
    (sum, c) => ({
      users: sum.users + c.usersCount,
      ideas: sum.ideas + c.ideasCount,
      comments: sum.comments + c.commentsCount,
    }),
    { users: 0, ideas: 0, comments: 0 },
  );

  return (
    <SettingsPageFrame
      title={data ? t('tenantSettings.info.heading', { name: data.tenantName }) : t('tenantSettings.info.title')}
      subtitle={t('tenantSettings.info.subtitle')}
      queries={[info]}
    >
      {data && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Stat label={t('tenantSettings.info.totalCollaborations')} value={data.totalCollaborations} />
            <Stat label={t('tenantSettings.info.totalUsers')} value={totals.users} />
            <Stat label={t('tenantSettings.info.totalIdeas')} value={totals.ideas} />
            <Stat label={t('tenantSettings.info.totalComments')} value={totals.comments} />
          </SimpleGrid>
          {data.collaborations.length === 0 ? (
            <EmptyNotice
              icon={<IconUsersGroup size={28} />}
              title={t('tenantSettings.info.empty')}
              text={t('tenantSettings.info.emptyText')}
            />
          ) : (
            <>
              <Collaborations rows={data.collaborations} />
              <Card withBorder radius="lg" padding="md">
                <Title order={2} size="h4" mb="sm">
                  {t('tenantSettings.info.chartTitle')}
                </Title>
                {/* The table above carries the same numbers for screen readers and keyboards. */}
                <div aria-hidden="true">
                  <BarChart
                    h={Math.max(200, data.collaborations.length * 70)}
                    data={data.collaborations.map((c) => ({
                      name: c.name.length > 24 ? `${c.name.slice(0, 24)}…` : c.name,
                      users: c.usersCount,
                      ideas: c.ideasCount,
                      comments: c.commentsCount,
                    }))}
                    dataKey="name"
                    orientation="vertical"
                    yAxisProps={{ width: 130 }}
                    xAxisProps={{ allowDecimals: false }}
                    withLegend
                    barChartProps={{ accessibilityLayer: false }}
                    series={[
                      { name: 'users', label: t('tenantSettings.info.users'), color: 'indigo.6' },
                      { name: 'ideas', label: t('tenantSettings.info.ideas'), color: 'teal.6' },
                      { name: 'comments', label: t('tenantSettings.info.comments'), color: 'orange.6' },
                    ]}
                  />
                </div>
              </Card>
            </>
          )}
        </Stack>
      )}
    </SettingsPageFrame>
  );
}
