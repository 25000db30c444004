import { AUDIT_ACTIONS, type AuditAction } from '@atrium/contracts';
import {
  ActionIcon,
  Button,
  Card,
  Center,
  Collapse,
  Grid,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconDownload, IconHistory } from '@tabler/icons-react';
import { Fragment, useEffect, useState } from 'react';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFilters,
  useAuditActors,
  useAuditLog,
  useExportAudit,
} from '@/features/audit/api/audit';
import { problemText } from '@/features/audit/api/problem-messages';
import { AuditChanges } from '@/features/audit/components/audit-changes';
import { formatDateTime } from '@/shared/format/date';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { translateKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ListPager } from '@/shared/list/list-toolbar';
import rowList from '@/shared/list/row-list.module.css';
import { useUrlQuery } from '@/shared/routing/use-url-query';
import { DateField } from '@/shared/ui/date-field';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { LoadFailed } from '@/shared/ui/load-failed';
import { Spinner } from '@/shared/ui/spinner';
import classes from './audit-page.module.css';

const FILTER_KEYS = ['actorId', 'action', 'recordId', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters and page the URL holds (so back, reload and a shared link keep them). */
function useAuditParams() {
  const [params, setQuery] = useUrlQuery();
  const action = params.get('action') ?? '';
  const filters: AuditFilters = {
    actorId: params.get('actorId') ?? '',
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : '',
    recordId: params.get('recordId') ?? '',
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** Changes filters (a new filter starts at page 1) or the page. */
  const update = ({ page, ...changes }: Partial<AuditFilters> & { page?: number }) =>
    setQuery({ ...changes, page: page && page > 1 ? page : null });
  return { filters, page, update };
}

/**
 * /admin/audit: the audit log of administrative changes, newest first. Super administrators see every
 * tenant's, partner managers those of their partner's tenants, tenant administrators their tenant's.
 * Filters by actor, action, record and period; each entry opens to its changed fields; the filtered
 * entries export to CSV.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  usePageTitle(t('audit.title'));
  const isMobile = useIsMobile();
  const { filters, page, update } = useAuditParams();
  const [recordText, setRecordText] = useState(filters.recordId);
  const [debouncedRecord] = useDebouncedValue(recordText.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new typing changes the filter
  useEffect(() => {
    if (debouncedRecord !== filters.recordId) update({ recordId: debouncedRecord });
  }, [debouncedRecord]);
  // The history button sets the record from outside the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL only
  useEffect(() => {
    if (filters.recordId !== recordText.trim()) setRecordText(filters.recordId);
  }, [filters.recordId]);

  const log = useAuditLog(filters, page);
  const actors = useAuditActors();
  const download = useExportAudit();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const rows = log.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / AUDIT_PAGE_SIZE));
  const filtered = FILTER_KEYS.some((key) => filters[key]);
  const actionLabel = (action: string) => translateKey(t, `audit.actions.${action}`, { defaultValue: action });
  const recordLabel = (type: string | null) =>
    type ? translateKey(t, `audit.recordTypes.${type}`, { defaultValue: type }) : '';
  const showRecord = (recordId: string) => {
    setRecordText(recordId);
    update({ recordId });
  };

  const exportButton = (fullWidth: boolean) => (
    <Button
      variant="default"
      fullWidth={fullWidth}
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={download.isPending}
      disabled={!rows.length}
      onClick={() => download.mutate(filters)}
    >
      {t('audit.export')}
    </Button>
  );

  const actorName = (e: AuditEntry) => e.actor?.name || e.actor?.email || t('audit.system');
  const detailsLabel = (e: AuditEntry) =>
    t('audit.showDetails', { action: actionLabel(e.action), time: formatDateTime(e.createdAt) });

  return (
    <ListFrame
      title={t('audit.title')}
      subtitle={log.data ? t('audit.total', { count: log.data.total }) : t('audit.subtitle')}
      actions={exportButton}
    >
      <Card withBorder radius="lg" padding="md" component="section" aria-label={t('audit.filters')}>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <Select
              label={t('audit.actor')}
              placeholder={t('audit.anyActor')}
              data={(actors.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.email})` }))}
              value={filters.actorId || null}
              onChange={(value) => update({ actorId: value ?? '' })}
              searchable
              clearable
              nothingFoundMessage={t('audit.noMatch')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <Select
              label={t('audit.action')}
              placeholder={t('audit.anyAction')}
              data={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
              value={filters.action || null}
              onChange={(value) => update({ action: (value ?? '') as AuditAction | '' })}
              searchable
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 2 }}>
            <TextInput
              label={t('audit.record')}
              placeholder={t('audit.recordPlaceholder')}
              value={recordText}
              onChange={(e) => setRecordText(e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <DateField
              label={t('audit.from')}
              value={filters.from}
              onChange={(from) => update({ from })}
              maxDate={filters.to || undefined}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <DateField
              label={t('audit.to')}
              value={filters.to}
              onChange={(to) => update({ to })}
              minDate={filters.from || undefined}
              clearable
            />
          </Grid.Col>
        </Grid>
        {filtered && (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setRecordText('');
                update({ actorId: '', action: '', recordId: '', from: '', to: '' });
              }}
            >
              {t('audit.clearFilters')}
            </Button>
          </Group>
        )}
      </Card>

      {download.isError && <ErrorAlert title={t('audit.exportFailed')}>{problemText(t, download.error)}</ErrorAlert>}

      {log.isError ? (
        <LoadFailed title={t('audit.loadFailed')} message={problemText(t, log.error)} onRetry={() => log.refetch()} />
      ) : (
        <Card withBorder radius="lg" padding={0}>
          {log.isPending ? (
            <Center py="xl">
              <Spinner size="md" label={t('loading')} />
            </Center>
          ) : rows.length === 0 ? (
            <Stack align="center" gap="xs" py={48} px="md">
              <IconHistory size={36} stroke={1.4} className={classes.emptyIcon} aria-hidden="true" />
              <Text c="dimmed">{filtered ? t('audit.noMatch') : t('audit.empty')}</Text>
            </Stack>
          ) : isMobile ? (
            <ul className={rowList.list} aria-busy={log.isFetching}>
              {rows.map((e) => (
                <li key={e.id}>
                  <UnstyledButton
                    className={rowList.item}
                    onClick={() => toggle(e.id)}
                    aria-expanded={open.has(e.id)}
                    aria-controls={`audit-${e.id}`}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                      <Text fw={600}>{actionLabel(e.action)}</Text>
                      {open.has(e.id) ? (
                        <IconChevronDown size={16} aria-hidden="true" />
                      ) : (
                        <IconChevronRight size={16} aria-hidden="true" />
                      )}
                    </Group>
                    <Text size="sm" truncate>
                      {actorName(e)}
                      {e.tenant ? ` · ${e.tenant.name}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(e.createdAt)}
                      {e.recordType ? ` · ${recordLabel(e.recordType)}` : ''}
                    </Text>
                  </UnstyledButton>
                  <Collapse expanded={open.has(e.id)} id={`audit-${e.id}`}>
                    <div className={classes.itemDetails}>
                      <AuditChanges entry={e} onRecord={showRecord} />
                    </div>
                  </Collapse>
                </li>
              ))}
            </ul>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy={log.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th className={classes.toggleColumn}>
                      <span className={classes.visuallyHidden}>{t('audit.details')}</span>
                    </Table.Th>
                    <Table.Th>{t('audit.time')}</Table.Th>
                    <Table.Th>{t('audit.action')}</Table.Th>
                    <Table.Th>{t('audit.actor')}</Table.Th>
                    <Table.Th>{t('audit.tenant')}</Table.Th>
                    <Table.Th>{t('audit.recordColumn')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((e) => (
                    <Fragment key={e.id}>
                      <Table.Tr className={open.has(e.id) ? classes.openRow : undefined}>
                        <Table.Td className={classes.toggleColumn}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            onClick={() => toggle(e.id)}
                            aria-expanded={open.has(e.id)}
                            aria-controls={`audit-${e.id}`}
                            aria-label={detailsLabel(e)}
                          >
                            {open.has(e.id) ? (
                              <IconChevronDown size={16} aria-hidden="true" />
                            ) : (
                              <IconChevronRight size={16} aria-hidden="true" />
                            )}
                          </ActionIcon>
                        </Table.Td>
                        <Table.Td className={classes.nowrap}>{formatDateTime(e.createdAt)}</Table.Td>
                        <Table.Td>{actionLabel(e.action)}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{actorName(e)}</Text>
                          {e.realActor && (
                            <Text size="xs" c="dimmed" className={classes.via}>
                              {t('audit.via', { name: e.realActor.name })}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{e.tenant?.name ?? <Text c="dimmed">{t('audit.platform')}</Text>}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{recordLabel(e.recordType)}</Text>
                          {e.recordId && (
                            <Text size="xs" c="dimmed" className={classes.recordId}>
                              {e.recordId}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                      {open.has(e.id) && (
                        <Table.Tr id={`audit-${e.id}`}>
                          <Table.Td />
                          <Table.Td colSpan={5}>
                            <AuditChanges entry={e} onRecord={showRecord} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}
      <ListPager data={log.data} page={page} pages={pages} onPage={(p) => update({ page: p })} />
    </ListFrame>
  );
}
