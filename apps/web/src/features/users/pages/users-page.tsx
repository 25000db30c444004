import { can, href, POLICIES, ROLE_FILTERS, type RoleFilter } from '@atrium/contracts';
import { ActionIcon, Button, Group, Menu, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconChevronDown,
  IconDownload,
  IconPlus,
  IconSearch,
  IconTrash,
  IconUpload,
  IconUserMinus,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useExportUsers } from '@/features/users/api/export-users';
import { useUserGroups } from '@/features/users/api/get-user-groups';
import { useUsers } from '@/features/users/api/get-users';
import { problemText } from '@/features/users/api/problem-messages';
import { useRestoreUser } from '@/features/users/api/restore-user';
import type { UserRow } from '@/features/users/api/types';
import { DeleteUsersDialog } from '@/features/users/components/delete-users-dialog';
import { type GroupAction, GroupDialog } from '@/features/users/components/group-dialog';
import { ImportDialog } from '@/features/users/components/import-dialog';
import { ROLE_FILTER_LABELS } from '@/features/users/components/user-display';
import { UsersCards, UsersTable } from '@/features/users/components/users-list';
import { useSession } from '@/shared/api/session';
import { BREAKPOINTS } from '@/shared/config/ui';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { EmptyNotice } from '@/shared/ui/empty-notice';
import { LoadFailed } from '@/shared/ui/load-failed';
import { Spinner } from '@/shared/ui/spinner';

/**
 * Loads the next batch when the end of the list scrolls into view. A callback ref, so that a list
 * rendered anew (another search or filter) is watched again.
 */
function useEndOfList(onEnd: () => void) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const latest = useRef(onEnd);
  latest.current = onEnd;
  useEffect(() => {
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return setNode;
}

/** /users: search, role and group filters, multi-select with batch actions, and infinite scroll in batches of 50. */
export default function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.title'));
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : null;
  const activeTenantId = user?.activeTenantId ?? null;
  const isSuperadmin = can(user, POLICIES.superadmins);
  // Spec part 1 §2 and §6: import and export for a tenant administrator with an active tenant.
  const canImport = !!activeTenantId && can(user, POLICIES.onlyTenantAdmins);

  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [roles, setRoles] = useState<RoleFilter[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const filter = useMemo(
    () => ({ search: debounced.trim(), roles, groupIds: activeTenantId ? groupIds : [] }),
    [debounced, roles, groupIds, activeTenantId],
  );
  const users = useUsers(filter);
  const groups = useUserGroups(activeTenantId);
  const restore = useRestoreUser();
  const exportUsers = useExportUsers();

  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.table}px)`, true, { getInitialValueInEffect: false });
  const headerAdd = useMediaQuery(`(min-width: ${BREAKPOINTS.headerAdd}px)`, true, { getInitialValueInEffect: false });

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [groupAction, setGroupAction] = useState<GroupAction | null>(null);
  const [deleting, setDeleting] = useState<UserRow[] | null>(null);
  const [importing, setImporting] = useState(false);

  const rows = useMemo(() => users.data?.pages.flatMap((p) => p.data), [users.data]);
  const total = users.data?.pages[0]?.total;
  const byId = useMemo(() => new Map(rows?.map((r) => [r.id, r])), [rows]);

  // A new search or filter starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is the trigger
  useEffect(() => setSelected(new Set()), [filter]);

  const sentinel = useEndOfList(() => {
    if (users.hasNextPage && !users.isFetchingNextPage) void users.fetchNextPage();
  });

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((prev) => (rows?.every((r) => prev.has(r.id)) ? new Set() : new Set(rows?.map((r) => r.id))));

  const selectedIds = [...selected];
  const nothingSelected = selectedIds.length === 0;
  const onRestore = (row: UserRow) =>
    restore.mutate(row.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('users.restore.done', { name: row.fullName }) }),
      onError: (error) =>
        notifications.show({ color: 'red', title: t('users.restore.failed'), message: problemText(t, error) }),
    });

  const addButton = (fullWidth: boolean) => (
    <Button
      component={Link}
      to={href('users', 'form', { id: 'new' })}
      leftSection={<IconPlus size={16} />}
      fullWidth={fullWidth}
    >
      {t('users.add')}
    </Button>
  );

  const actions = (
    <Group gap={0} wrap="nowrap" role="group" aria-label={t('users.actions.label')}>
      <Button
        variant="default"
        leftSection={<IconUserPlus size={16} />}
        disabled={nothingSelected || !activeTenantId}
        onClick={() => setGroupAction('assign')}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
      >
        {t('users.actions.assign')}
      </Button>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="default"
            size={36}
            disabled={nothingSelected}
            aria-label={t('users.actions.more')}
            style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeftWidth: 0 }}
          >
            <IconChevronDown size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {!activeTenantId && <Menu.Label>{t('users.actions.groupsNeedTenant')}</Menu.Label>}
          <Menu.Item
            leftSection={<IconUserPlus size={16} />}
            disabled={!activeTenantId}
            onClick={() => setGroupAction('assign')}
          >
            {t('users.actions.assign')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconUserMinus size={16} />}
            disabled={!activeTenantId}
            onClick={() => setGroupAction('unassign')}
          >
            {t('users.actions.unassign')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={!isSuperadmin}
            onClick={() => setDeleting(selectedIds.map((id) => byId.get(id)).filter((u): u is UserRow => !!u))}
          >
            {t('users.actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );

  let content: React.ReactNode;
  if (users.isError) {
    content = (
      <LoadFailed
        title={t('users.loadFailed')}
        message={problemText(t, users.error)}
        onRetry={() => void users.refetch()}
      />
    );
  } else if (rows && rows.length === 0) {
    const filtered = !!filter.search || filter.roles.length > 0 || filter.groupIds.length > 0;
    content = (
      <EmptyNotice
        icon={<IconUsers size={28} />}
        title={filtered ? t('users.noMatches') : t('users.empty')}
        text={filtered ? t('users.noMatchesText') : t('users.emptyText')}
      />
    );
  } else {
    const listProps = {
      rows,
      selected,
      onToggle: toggle,
      onToggleAll: toggleAll,
      canDelete: isSuperadmin,
      onDelete: (row: UserRow) => setDeleting([row]),
      onRestore,
    };
    content = wide ? <UsersTable {...listProps} /> : <UsersCards {...listProps} />;
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h2">
            {t('users.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4} aria-live="polite">
            {total === undefined ? t('users.subtitle') : t('users.total', { count: total })}
          </Text>
        </div>
        <Group gap="sm">
          {canImport && (
            <>
              <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
                {t('users.import.action')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={exportUsers.isPending}
                onClick={() =>
                  exportUsers.mutate(undefined, {
                    onError: (error) =>
                      notifications.show({
                        color: 'red',
                        title: t('users.exportFailed'),
                        message: problemText(t, error),
                      }),
                  })
                }
              >
                {t('users.export')}
              </Button>
            </>
          )}
          {headerAdd && addButton(false)}
        </Group>
      </Group>

      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
          style={{ flex: '2 1 280px' }}
        />
        <MultiSelect
          aria-label={t('users.roleFilter')}
          placeholder={roles.length ? undefined : t('users.roleFilter')}
          data={(Object.keys(ROLE_FILTERS) as RoleFilter[]).map((value) => ({
            value,
            label: t(`users.badges.${ROLE_FILTER_LABELS[value]}` as 'users.badges.User'),
          }))}
          value={roles}
          onChange={(v) => setRoles(v as RoleFilter[])}
          clearable
          style={{ flex: '1 1 200px' }}
        />
        {activeTenantId && (
          <MultiSelect
            aria-label={t('users.groupFilter')}
            placeholder={groupIds.length ? undefined : t('users.groupFilter')}
            data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            value={groupIds}
            onChange={setGroupIds}
            searchable
            clearable
            nothingFoundMessage={t('users.groups.none')}
            style={{ flex: '1 1 200px' }}
          />
        )}
      </Group>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite" style={{ flex: '1 1 240px' }}>
          {nothingSelected ? t('users.selectHint') : t('users.selectedCount', { count: selectedIds.length })}
        </Text>
        {actions}
      </Group>

      {content}

      {rows && users.hasNextPage && (
        <div ref={sentinel}>
          <Group justify="center">
            {users.isFetchingNextPage ? (
              <Spinner size="sm" label={t('users.loadingMore')} />
            ) : (
              <Button variant="subtle" onClick={() => void users.fetchNextPage()}>
                {t('users.showMore', { shown: rows.length, total: total ?? rows.length })}
              </Button>
            )}
          </Group>
        </div>
      )}

      {!headerAdd && addButton(true)}

      <GroupDialog
        action={groupAction}
        userIds={selectedIds}
        groups={groups.data ?? []}
        onClose={() => setGroupAction(null)}
        onDone={() => {
          setGroupAction(null);
          setSelected(new Set());
        }}
      />
      <DeleteUsersDialog
        users={deleting}
        onClose={() => setDeleting(null)}
        onDone={() => {
          setDeleting(null);
          setSelected(new Set());
        }}
      />
      {canImport && <ImportDialog opened={importing} onClose={() => setImporting(false)} />}
    </Stack>
  );
}
