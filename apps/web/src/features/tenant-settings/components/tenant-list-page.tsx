import {
  cutName,
  href,
  TENANT_LIST_FIELD,
  TENANT_LIST_LIMITS,
  TENANT_LIST_SORTS,
  type TenantListEntry,
  type TenantListKind,
  type TenantListSort,
} from '@atrium/contracts';
import { ActionIcon, Button, Card, Group, Menu, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDots, IconEdit, IconListDetails, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAddTenantListEntry } from '@/features/tenant-settings/api/add-tenant-list-entry';
import { useDeleteTenantListEntry } from '@/features/tenant-settings/api/delete-tenant-list-entry';
import { useTenantList } from '@/features/tenant-settings/api/get-tenant-list';
import { useTenantName } from '@/features/tenant-settings/api/get-tenant-name';
import { fieldErrorsOf, problemText } from '@/features/tenant-settings/api/problem-messages';
import { formatDate } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import type { TranslationKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ActionsHeader, CardList, ListCard, SkeletonCards, TableCard } from '@/shared/list/list-parts';
import { ListPager, ListToolbar, SortHeader, type Sorting } from '@/shared/list/list-toolbar';
import { SkeletonRows } from '@/shared/list/skeleton-rows';
import { useListLayout } from '@/shared/list/use-list-layout';
import { useLastPageFollow, useListParams } from '@/shared/list/use-list-params';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { CreatedCell, CreatedHeader, SettingsListStates } from './list-parts';
import { TagEditDialog } from './tag-edit-dialog';
import classes from './tenant-list.module.css';

/** Entries per page of the four lists (the spec leaves the page size open). */
export const TENANT_LIST_PAGE_SIZE = 25;

type Row = { entry: TenantListEntry; text: string };

type RowActions = { canEdit: boolean; onEdit: (entry: TenantListEntry) => void; onDelete: (row: Row) => void };

/** The row menu: edit (tags only) and delete, named after the entry for screen readers. */
function RowMenu({ row, canEdit, onEdit, onDelete }: RowActions & { row: Row }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('tenantSettings.list.rowMenu', { name: row.text })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEdit && (
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onEdit(row.entry)}>
            {t('tenantSettings.edit')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(row)}>
          {t('tenantSettings.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function ListTable({
  rows,
  loading,
  textLabel,
  sorting,
  onSort,
  ...actions
}: RowActions & {
  rows: Row[] | undefined;
  loading: boolean;
  textLabel: string;
  sorting: Sorting<TenantListSort>;
  onSort: (sort: TenantListSort) => void;
}) {
  return (
    <TableCard loading={loading}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader label={textLabel} column="text" sorting={sorting} onSort={onSort} />
          <CreatedHeader sorting={sorting} onSort={onSort} />
          <ActionsHeader className={classes.menuCell} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {!rows ? (
          <SkeletonRows rows={4} columns={3} />
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.entry.id}>
              <Table.Td className={classes.name} title={row.text}>
                {cutName(row.text)}
              </Table.Td>
              <CreatedCell at={row.entry.createdAt} />
              <Table.Td className={classes.menuCell}>
                <RowMenu row={row} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </TableCard>
  );
}

/** Below 1200px: a card per entry, its date under its name and the row menu beside it. */
function ListCards({ rows, textLabel, ...actions }: RowActions & { rows: Row[] | undefined; textLabel: string }) {
  const { t } = useTranslation();
  if (!rows) return <SkeletonCards count={3} height={64} />;
  return (
    <CardList label={textLabel}>
      {rows.map((row) => (
        <ListCard key={row.entry.id} actions={<RowMenu row={row} {...actions} />}>
          <Text fw={600} className={classes.name} title={row.text}>
            {cutName(row.text)}
          </Text>
          <Text size="sm" c="dimmed" mt={2}>
            {t('tenantSettings.list.createdOn')}{' '}
            <time dateTime={row.entry.createdAt}>{formatDate(row.entry.createdAt)}</time>
          </Text>
        </ListCard>
      ))}
    </CardList>
  );
}

/** The add form: trimmed text, nothing sent while empty, cleared after a successful add, duplicates refused. */
function AddForm({ tenantId, kind }: { tenantId: string; kind: TenantListKind }) {
  const { t } = useTranslation();
  const k = (key: string) => `tenantSettings.lists.${kind}.${key}` as TranslationKey;
  const add = useAddTenantListEntry();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || add.isPending) return;
    add.mutate(
      { id: tenantId, kind, text: trimmed },
      {
        onSuccess: () => {
          setText('');
          notifications.show({ color: 'green', message: t(k('added'), { name: trimmed }) });
        },
        onError: (err) => setError(fieldErrorsOf(t, err)[TENANT_LIST_FIELD[kind]] ?? problemText(t, err)),
      },
    );
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t(k('field'))}
            placeholder={t(k('placeholder'))}
            value={text}
            maxLength={TENANT_LIST_LIMITS.nameMax}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            style={{ flex: '1 1 240px' }}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} />}
            loading={add.isPending}
            disabled={!text.trim()}
            mt={{ base: 0, xs: 25 }}
          >
            {t(k('add'))}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/**
 * /tenants/{tags|folders|teams|departments}/{id}: the one page of the four lists (spec part 2 §2). An
 * add form, then a searchable, sortable list (text and created date, dd-MM-yyyy) with a row menu: tags
 * edit in a modal and delete, the others delete only; delete asks first. A table from 1200px, cards below.
 */
export function TenantListPage({ kind }: { kind: TenantListKind }) {
  const { t } = useTranslation();
  const k = (key: string) => `tenantSettings.lists.${kind}.${key}` as TranslationKey;
  const { id = '' } = useParams();
  const name = useTenantName(id);
  usePageTitle(t(k('title')));
  const list = useListParams(TENANT_LIST_SORTS, 'text', { take: TENANT_LIST_PAGE_SIZE });
  const { params, onSort, setPage } = list;
  const { wide } = useListLayout();
  const entries = useTenantList(id, kind, params);
  const remove = useDeleteTenantListEntry(id, kind);
  const [editing, setEditing] = useState<TenantListEntry | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  useNotFoundWhen(recordMissing(id, name.error ?? entries.error));

  const data = entries.data;
  const pages = useLastPageFollow(data, entries.isPlaceholderData, params.page, setPage);
  const field = TENANT_LIST_FIELD[kind];
  const rows = entries.isPending ? undefined : data?.data.map((entry) => ({ entry, text: entry[field] ?? '' }));
  const textLabel = t(k('field'));
  const actions: RowActions = { canEdit: kind === 'tags', onEdit: setEditing, onDelete: setDeleting };
  // A team's or department's members stay in the tenant without it (the server clears their reference).
  const membersCount = deleting?.entry.membersCount;
  const deleteNote =
    membersCount === undefined
      ? undefined
      : membersCount
        ? t(k('deleteMembers'), { count: membersCount })
        : t(k('deleteNoMembers'));

  const content = (
    <SettingsListStates
      query={entries}
      rows={rows}
      icon={<IconListDetails size={28} />}
      search={params.search}
      empty={{ title: t(k('empty')), text: t(k('emptyText')) }}
    >
      {wide ? (
        <ListTable
          rows={rows}
          loading={entries.isFetching}
          textLabel={textLabel}
          sorting={{ sort: params.sort, direction: params.direction }}
          onSort={onSort}
          {...actions}
        />
      ) : (
        <ListCards rows={rows} textLabel={textLabel} {...actions} />
      )}
    </SettingsListStates>
  );

  return (
    <ListFrame
      title={t(k('title'))}
      subtitle={
        data ? t(k('total'), { count: data.total, name: name.data ?? '' }) : t(k('subtitle'), { name: name.data ?? '' })
      }
      actions={(fullWidth) => (
        <Button
          component={Link}
          to={href('tenants', 'list')}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          fullWidth={fullWidth}
        >
          {t('tenantSettings.backToTenants')}
        </Button>
      )}
    >
      <AddForm tenantId={id} kind={kind} />
      <ListToolbar
        list={list}
        searchLabel={t(k('search'))}
        sortBy={[
          { column: 'text', name: t('tenantSettings.list.sortName') },
          { column: 'createdAt', date: true },
        ]}
      />
      {content}
      <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />
      <ConfirmDeleteDialog
        item={deleting && { id: deleting.entry.id, name: deleting.text }}
        note={deleteNote}
        onClose={() => setDeleting(null)}
        remove={remove}
      />
      {kind === 'tags' && <TagEditDialog tenantId={id} tag={editing} onClose={() => setEditing(null)} />}
    </ListFrame>
  );
}
