import { Button, EmptyState, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBuildingCommunity, IconMailForward, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type TenantListParams, type TenantSort, useTenants } from '@/features/tenants/api/get-tenants';
import { problemText } from '@/features/tenants/api/problem-messages';
import { useSendDailyMails } from '@/features/tenants/api/send-daily-mails';
import type { TenantRow } from '@/features/tenants/api/types';
import { CloneTenantDialog } from '@/features/tenants/components/clone-tenant-dialog';
import { DeleteTenantDialog } from '@/features/tenants/components/delete-tenant-dialog';
import { TenantsCards, TenantsTable } from '@/features/tenants/components/tenants-list';
import { useUserInfo } from '@/shared/api/user-info';
import { BREAKPOINTS } from '@/shared/config/ui';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { LabelledPagination } from '@/shared/ui/labelled-pagination';
import { LoadFailed } from '@/shared/ui/load-failed';

/** Tenants per page (the spec leaves the page size open). */
export const TENANTS_PAGE_SIZE = 25;

function readParams(search: URLSearchParams): TenantListParams {
  const sort: TenantSort = search.get('sort') === 'createdAt' ? 'createdAt' : 'name';
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    take: TENANTS_PAGE_SIZE,
    sort,
    direction: search.get('direction') === 'desc' ? 'desc' : 'asc',
    search: search.get('search') ?? '',
  };
}

/** /tenants: search, sort, page through the tenants in scope; clone, delete, and the row menu's links. */
export default function TenantsPage() {
  const { t } = useTranslation();
  usePageTitle(t('tenants.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const [searchText, setSearchText] = useState(params.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.table}px)`, true, { getInitialValueInEffect: false });
  const headerAdd = useMediaQuery(`(min-width: ${BREAKPOINTS.headerAdd}px)`, true, { getInitialValueInEffect: false });
  const [cloning, setCloning] = useState<TenantRow | null>(null);
  const [deleting, setDeleting] = useState<TenantRow | null>(null);
  const tenants = useTenants(params);
  // Only the accounts the server names (DAILY_MAIL_SENDERS) get the button; the server checks again.
  const canSendDailyMails = useUserInfo().data?.canSendDailyMails === true;
  const dailyMails = useSendDailyMails();

  const update = (changes: Partial<Record<'search' | 'sort' | 'direction' | 'page', string | null>>) => {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text resets the page
  useEffect(() => {
    if (debounced.trim() !== params.search) update({ search: debounced.trim(), page: null });
  }, [debounced]);

  const onSort = (sort: TenantSort) => {
    const direction = params.sort === sort && params.direction === 'asc' ? 'desc' : 'asc';
    update({ sort, direction, page: null });
  };

  const data = tenants.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.take)) : 1;
  // After a delete the last page may be gone: show the one that is now last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the answer's page count only
  useEffect(() => {
    if (data && !tenants.isPlaceholderData && params.page > pages) update({ page: pages === 1 ? null : String(pages) });
  }, [data, pages]);
  const rows = tenants.isPending ? undefined : data?.data;
  const addButton = (fullWidth: boolean) => (
    <Button component={Link} to="/tenants/new" leftSection={<IconPlus size={16} />} fullWidth={fullWidth}>
      {t('tenants.add')}
    </Button>
  );
  const sendDailyMails = () =>
    dailyMails.mutate(undefined, {
      onSuccess: ({ users }) =>
        notifications.show({
          color: 'green',
          title: t('tenants.dailyMails.sent'),
          message: t('tenants.dailyMails.queued', { count: users }),
        }),
    });
  const dailyMailsButton = (fullWidth: boolean) =>
    canSendDailyMails && (
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} />}
        loading={dailyMails.isPending}
        onClick={sendDailyMails}
        fullWidth={fullWidth}
      >
        {t('tenants.dailyMails.action')}
      </Button>
    );

  let content: React.ReactNode;
  if (tenants.isError) {
    content = (
      <LoadFailed
        title={t('tenants.loadFailed')}
        message={problemText(t, tenants.error)}
        onRetry={() => void tenants.refetch()}
      />
    );
  } else if (rows && rows.length === 0) {
    content = (
      <EmptyState
        variant="light"
        icon={<IconBuildingCommunity size={28} />}
        title={params.search ? t('tenants.noMatches') : t('tenants.empty')}
        description={params.search ? t('tenants.noMatchesText', { search: params.search }) : t('tenants.emptyText')}
        py="xl"
      />
    );
  } else {
    const listProps = {
      rows,
      loading: tenants.isFetching,
      sorting: { sort: params.sort, direction: params.direction },
      onSort,
      onClone: setCloning,
      onDelete: setDeleting,
    };
    content = wide ? <TenantsTable {...listProps} /> : <TenantsCards {...listProps} />;
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h2">
            {t('tenants.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4} aria-live="polite">
            {data ? t('tenants.total', { count: data.total }) : t('tenants.subtitle')}
          </Text>
        </div>
        {headerAdd && (
          <Group gap="sm">
            {dailyMailsButton(false)}
            {addButton(false)}
          </Group>
        )}
      </Group>

      {dailyMails.isError && (
        <ErrorAlert title={t('tenants.dailyMails.failed')}>
          <Text size="sm">{problemText(t, dailyMails.error)}</Text>
        </ErrorAlert>
      )}

      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label={t('tenants.search')}
          placeholder={t('tenants.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          type="search"
          style={{ flex: '1 1 260px' }}
        />
        {!wide && (
          <Select
            aria-label={t('tenants.sortBy')}
            w={220}
            allowDeselect={false}
            value={`${params.sort}:${params.direction}`}
            onChange={(v) => {
              if (!v) return;
              const [sort, direction] = v.split(':');
              update({ sort: sort ?? 'name', direction: direction ?? 'asc', page: null });
            }}
            data={[
              { value: 'name:asc', label: t('tenants.sort.nameAsc') },
              { value: 'name:desc', label: t('tenants.sort.nameDesc') },
              { value: 'createdAt:desc', label: t('tenants.sort.createdDesc') },
              { value: 'createdAt:asc', label: t('tenants.sort.createdAsc') },
            ]}
          />
        )}
      </Group>

      {content}

      {data && data.total > data.take && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            {t('tenants.range', {
              from: (params.page - 1) * params.take + 1,
              to: Math.min(params.page * params.take, data.total),
              total: data.total,
            })}
          </Text>
          <LabelledPagination
            total={pages}
            value={Math.min(params.page, pages)}
            onChange={(page) => update({ page: page === 1 ? null : String(page) })}
          />
        </Group>
      )}

      {!headerAdd && (
        <Stack gap="sm">
          {dailyMailsButton(true)}
          {addButton(true)}
        </Stack>
      )}

      <CloneTenantDialog tenant={cloning} onClose={() => setCloning(null)} />
      <DeleteTenantDialog tenant={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
