import { CHECKLIST_SORTS, type Checklist, type ChecklistSort, cutName, href } from '@atrium/contracts';
import { ActionIcon, Button, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChecklist, IconFileSpreadsheet, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDeleteChecklist } from '@/features/tenant-settings/api/delete-checklist';
import { useExportChecklists } from '@/features/tenant-settings/api/export-checklists';
import { useChecklists } from '@/features/tenant-settings/api/get-checklists';
import { useTenantName } from '@/features/tenant-settings/api/get-tenant-name';
import { problemText } from '@/features/tenant-settings/api/problem-messages';
import { ChecklistDialog } from '@/features/tenant-settings/components/checklist-dialog';
import { ConfirmDeleteDialog } from '@/features/tenant-settings/components/confirm-delete-dialog';
import { CreatedCell, CreatedHeader, SettingsListStates } from '@/features/tenant-settings/components/list-parts';
import listStyles from '@/features/tenant-settings/components/tenant-list.module.css';
import { formatDate } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ActionsHeader, CardList, ListCard, SkeletonCards, TableCard } from '@/shared/list/list-parts';
import { ListPager, ListToolbar, SortHeader, type Sorting } from '@/shared/list/list-toolbar';
import { SkeletonRows } from '@/shared/list/skeleton-rows';
import { useListLayout } from '@/shared/list/use-list-layout';
import { useLastPageFollow, useListParams } from '@/shared/list/use-list-params';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import classes from './tenant-checklists-page.module.css';

export const CHECKLISTS_PAGE_SIZE = 25;

type ListProps = {
  rows: Checklist[] | undefined;
  loading: boolean;
  sorting: Sorting<ChecklistSort>;
  onSort: (sort: ChecklistSort) => void;
  onDelete: (checklist: Checklist) => void;
};

function DeleteButton({ checklist, onDelete }: { checklist: Checklist; onDelete: (c: Checklist) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('tenantSettings.delete')}>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => onDelete(checklist)}
        aria-label={t('tenantSettings.deleteNamed', { name: checklist.title })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

function ChecklistTable({ rows, loading, sorting, onSort, onDelete }: ListProps) {
  const { t } = useTranslation();
  return (
    <TableCard loading={loading}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader label={t('tenantSettings.checklists.title')} column="title" sorting={sorting} onSort={onSort} />
          <CreatedHeader sorting={sorting} onSort={onSort} />
          <Table.Th className={classes.numeric}>{t('tenantSettings.checklists.active')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('tenantSettings.checklists.completed')}</Table.Th>
          <ActionsHeader className={listStyles.menuCell} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {!rows ? (
          <SkeletonRows rows={4} columns={5} />
        ) : (
          rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td className={listStyles.name}>
                <Text fw={600} size="sm" title={c.title}>
                  {cutName(c.title)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('tenantSettings.checklists.itemCount', { count: c.items.length })}
                </Text>
              </Table.Td>
              <CreatedCell at={c.createdAt} />
              <Table.Td className={classes.numeric}>{c.countOfActive}</Table.Td>
              <Table.Td className={classes.numeric}>{c.countOfCompleted}</Table.Td>
              <Table.Td className={listStyles.menuCell}>
                <DeleteButton checklist={c} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </TableCard>
  );
}

function ChecklistCards({ rows, onDelete }: ListProps) {
  const { t } = useTranslation();
  if (!rows) return <SkeletonCards count={3} height={80} />;
  return (
    <CardList>
      {rows.map((c) => (
        <ListCard key={c.id} actions={<DeleteButton checklist={c} onDelete={onDelete} />}>
          <Text fw={600} className={listStyles.name} title={c.title}>
            {cutName(c.title)}
          </Text>
          <Text size="sm" c="dimmed" mt={2}>
            {t('tenantSettings.list.createdOn')} <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time> ·{' '}
            {t('tenantSettings.checklists.itemCount', { count: c.items.length })}
          </Text>
          <Text size="sm" mt={4}>
            {t('tenantSettings.checklists.active')}: <b>{c.countOfActive}</b> ·{' '}
            {t('tenantSettings.checklists.completed')}: <b>{c.countOfCompleted}</b>
          </Text>
        </ListCard>
      ))}
    </CardList>
  );
}

/**
 * /tenants/checklists/{id}: the tenant's standard checklists (spec part 2 §2): heading, export, add,
 * search by title, and a list of title, created, active and completed copies, and delete.
 */
export default function TenantChecklistsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  usePageTitle(t('tenantSettings.checklists.heading'));
  const name = useTenantName(id);
  const list = useListParams(CHECKLIST_SORTS, 'title', { take: CHECKLISTS_PAGE_SIZE });
  const { params, onSort, setPage } = list;
  const { wide } = useListLayout();
  const checklists = useChecklists(id, params);
  const remove = useDeleteChecklist(id);
  const exporter = useExportChecklists();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Checklist | null>(null);
  useNotFoundWhen(recordMissing(id, name.error ?? checklists.error));

  const data = checklists.data;
  const pages = useLastPageFollow(data, checklists.isPlaceholderData, params.page, setPage);
  const rows = checklists.isPending ? undefined : data?.data;

  const runExport = () =>
    exporter.mutate(id, {
      onError: (err) =>
        notifications.show({
          color: 'red',
          title: t('tenantSettings.checklists.exportFailed'),
          message: problemText(t, err),
        }),
    });

  const listProps: ListProps = {
    rows,
    loading: checklists.isFetching,
    sorting: { sort: params.sort, direction: params.direction },
    onSort,
    onDelete: setDeleting,
  };
  const content = (
    <SettingsListStates
      query={checklists}
      rows={rows}
      icon={<IconChecklist size={28} />}
      search={params.search}
      empty={{ title: t('tenantSettings.checklists.empty'), text: t('tenantSettings.checklists.emptyText') }}
    >
      {wide ? <ChecklistTable {...listProps} /> : <ChecklistCards {...listProps} />}
    </SettingsListStates>
  );

  return (
    <ListFrame
      title={t('tenantSettings.checklists.heading')}
      subtitle={
        data
          ? t('tenantSettings.checklists.total', { count: data.total, name: name.data ?? '' })
          : t('tenantSettings.checklists.subtitle', { name: name.data ?? '' })
      }
      actions={(fullWidth) => (
        <>
          <Button
            component={Link}
            to={href('tenants', 'list')}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            fullWidth={fullWidth}
          >
            {t('tenantSettings.backToTenants')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={exporter.isPending}
            onClick={runExport}
            fullWidth={fullWidth}
          >
            {t('tenantSettings.checklists.export')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} fullWidth={fullWidth}>
            {t('tenantSettings.checklists.add')}
          </Button>
        </>
      )}
    >
      <ListToolbar
        list={list}
        searchLabel={t('tenantSettings.checklists.search')}
        sortBy={[
          { column: 'title', name: t('tenantSettings.checklists.title') },
          { column: 'createdAt', date: true },
        ]}
      />
      {content}
      <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />
      <ChecklistDialog tenantId={id} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDeleteDialog
        item={deleting && { id: deleting.id, name: deleting.title }}
        onClose={() => setDeleting(null)}
        remove={remove}
      />
    </ListFrame>
  );
}
