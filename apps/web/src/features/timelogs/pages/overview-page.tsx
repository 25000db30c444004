import '@mantine/charts/styles.css';
import { addDays, isDateString, localToday, mondayOf, monthRange, type OverviewKind } from '@atrium/contracts';
import { BarChart } from '@mantine/charts';
import { Button, Card, Center, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { type ExportFormat, useExportOverview } from '@/features/timelogs/api/export-overview';
import { useOverview } from '@/features/timelogs/api/get-overview';
import { problemText } from '@/features/timelogs/api/problem-messages';
import { PeriodStepper } from '@/features/timelogs/components/period-stepper';
import { showHours } from '@/features/timelogs/lib/hours';
import { formatDate, formatMonth } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { DateField } from '@/shared/ui/date-field';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';

type PeriodKind = 'week' | 'month' | 'custom';

/** The period a picker shows: a week, a calendar month or a custom range, by an anchor day. */
export function periodOf(kind: PeriodKind, anchor: string, custom: { from: string; to: string }) {
  if (kind === 'week') return { from: mondayOf(anchor), to: addDays(mondayOf(anchor), 6) };
  if (kind === 'month') return monthRange(anchor);
  return custom;
}

/** Moves an anchor day by one period. */
export function shiftAnchor(kind: PeriodKind, anchor: string, by: 1 | -1) {
  if (kind === 'week') return addDays(anchor, 7 * by);
  const { from } = monthRange(anchor);
  return by === 1 ? addDays(monthRange(anchor).to, 1) : monthRange(addDays(from, -1)).from;
}

/**
 * /admin/timelogs/overview: hours per user, project or task in a week, a month or a custom period, as
 * a table and a bar chart, exported as xlsx or CSV (tenant administrators).
 */
export default function OverviewPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('timelogs.overview.title'));
  const today = localToday();
  const [periodKind, setPeriodKind] = useState<PeriodKind>('month');
  const [anchor, setAnchor] = useState(today);
  const [custom, setCustom] = useState({ from: monthRange(today).from, to: today });
  const [kind, setKind] = useState<OverviewKind>('users');
  const { from, to } = periodOf(periodKind, anchor, custom);
  const valid = isDateString(from) && isDateString(to) && from <= to;
  const overview = useOverview(kind, from, to, valid);
  const download = useExportOverview();

  const label =
    periodKind === 'month'
      ? formatMonth(from, i18n.language)
      : t('timelogs.range', { start: formatDate(from), end: formatDate(to) });
  const rows = overview.data?.rows ?? [];
  const nameOf = (r: (typeof rows)[number]) => (kind === 'tasks' ? `${r.projectName} / ${r.name}` : r.name);
  const exportAs = (format: ExportFormat) => download.mutate({ kind, from, to, format });

  return (
    <Stack gap="lg">
      <PageHeader title={t('timelogs.overview.title')} subtitle={t('timelogs.overview.subtitle')}>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => exportAs('xlsx')}
            disabled={!valid}
            loading={download.isPending && download.variables?.format === 'xlsx'}
          >
            {t('timelogs.overview.exportXlsx')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileTypeCsv size={16} />}
            onClick={() => exportAs('csv')}
            disabled={!valid}
            loading={download.isPending && download.variables?.format === 'csv'}
          >
            {t('timelogs.overview.exportCsv')}
          </Button>
        </Group>
      </PageHeader>

      <Card withBorder radius="lg" padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <SegmentedControl
              aria-label={t('timelogs.overview.periodKind')}
              value={periodKind}
              onChange={(v) => setPeriodKind(v as PeriodKind)}
              data={[
                { value: 'week', label: t('timelogs.overview.week') },
                { value: 'month', label: t('timelogs.overview.month') },
                { value: 'custom', label: t('timelogs.overview.custom') },
              ]}
            />
            {periodKind === 'custom' ? (
              <Group gap="sm" align="flex-end">
                <DateField
                  label={t('timelogs.overview.from')}
                  value={custom.from}
                  onChange={(from) => setCustom({ ...custom, from })}
                />
                <DateField
                  label={t('timelogs.overview.to')}
                  value={custom.to}
                  error={valid ? undefined : t('timelogs.overview.badPeriod')}
                  onChange={(to) => setCustom({ ...custom, to })}
                />
              </Group>
            ) : (
              <PeriodStepper
                period={label}
                testId="overview-period"
                minWidth={180}
                previousLabel={t('timelogs.overview.previous')}
                nextLabel={t('timelogs.overview.next')}
                onStep={(by) => setAnchor(shiftAnchor(periodKind, anchor, by))}
              />
            )}
          </Group>
          <SegmentedControl
            aria-label={t('timelogs.overview.by')}
            value={kind}
            onChange={(v) => setKind(v as OverviewKind)}
            data={[
              { value: 'users', label: t('timelogs.overview.users') },
              { value: 'projects', label: t('timelogs.overview.projects') },
              { value: 'tasks', label: t('timelogs.overview.tasks') },
            ]}
          />
        </Stack>
      </Card>

      {overview.isError && (
        <ErrorAlert title={t('timelogs.overview.loadFailed')}>{problemText(t, overview.error)}</ErrorAlert>
      )}
      {download.isError && (
        <ErrorAlert title={t('timelogs.overview.exportFailed')}>{problemText(t, download.error)}</ErrorAlert>
      )}

      {/* A period that ends before it starts has no table: the last period's would pass for its answer. */}
      {valid && !overview.isError && (
        <Card withBorder radius="lg" padding={0}>
          {overview.isPending ? (
            <Center py="xl">
              <Spinner size="md" label={t('loading')} />
            </Center>
          ) : rows.length === 0 ? (
            <Text c="dimmed" ta="center" py={48}>
              {t('timelogs.overview.empty')}
            </Text>
          ) : (
            <Stack gap={0}>
              <Table.ScrollContainer minWidth={260} type="native" tabIndex={0}>
                <Table verticalSpacing="xs" horizontalSpacing="md" aria-busy={overview.isFetching} aria-label={label}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t(`timelogs.overview.column.${kind}`)}</Table.Th>
                      <Table.Th ta="right">{t('timelogs.projects.hours')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td>{nameOf(r)}</Table.Td>
                        <Table.Td ta="right">{showHours(r.hours, i18n.language)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th>{t('timelogs.grid.total')}</Table.Th>
                      <Table.Th ta="right" data-testid="overview-total">
                        {showHours(overview.data?.total ?? 0, i18n.language)}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
              <div aria-hidden="true" style={{ padding: 'var(--mantine-spacing-md)' }}>
                <BarChart
                  h={Math.max(160, rows.length * 36)}
                  data={rows.map((r) => ({ name: nameOf(r), hours: r.hours }))}
                  dataKey="name"
                  orientation="vertical"
                  yAxisProps={{ width: 160 }}
                  // The table above carries the same numbers for screen readers and keyboards.
                  barChartProps={{ accessibilityLayer: false }}
                  series={[
                    {
                      name: 'hours',
                      label: t('timelogs.projects.hours'),
                      color: 'var(--mantine-primary-color-filled)',
                    },
                  ]}
                />
              </div>
            </Stack>
          )}
        </Card>
      )}
    </Stack>
  );
}
