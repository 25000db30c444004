import {
  DEFAULT_NOTIFICATION_INTERVAL,
  href,
  NOTIFICATION_TYPE_SORTS,
  type NotificationEventType,
  type NotificationInterval,
} from '@atrium/contracts';
import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBellOff, IconInbox, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EVENT_TYPES_PAGE_SIZE, useEventTypes } from '@/features/notifications/api/event-types';
import { useChangeInterval, useSubscriptions } from '@/features/notifications/api/subscriptions';
import { eventTypeText } from '@/features/notifications/components/event-type-label';
import { IntervalSelect } from '@/features/notifications/components/interval-select';
import { NoTenant, useHasActiveTenant } from '@/features/notifications/components/no-tenant';
import { useMayOpen } from '@/shared/access/use-may-open';
import { useNotificationCounts } from '@/shared/api/notification-counts';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { translateKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import sharedClasses from '@/shared/list/list.module.css';
import { ListFrame } from '@/shared/list/list-frame';
import { ListPager, ListToolbar, SortHeader } from '@/shared/list/list-toolbar';
import { useListLayout } from '@/shared/list/use-list-layout';
import { useLastPageFollow, useListParams } from '@/shared/list/use-list-params';
import { EmptyNotice } from '@/shared/ui/empty-notice';
import { LoadFailed } from '@/shared/ui/load-failed';
import { Spinner } from '@/shared/ui/spinner';
import classes from './notifications-page.module.css';

/**
 * /notifications: a row per notification event type with its name, description and how often the user
 * hears about it in the active tenant (saved as soon as it changes); search and pages of 10.
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.title'));
  const list = useListParams(NOTIFICATION_TYPE_SORTS, 'name', { take: EVENT_TYPES_PAGE_SIZE });
  const { params, onSort, setPage } = list;
  const hasTenant = useHasActiveTenant();
  const types = useEventTypes(params);
  const subscriptions = useSubscriptions(hasTenant);
  const change = useChangeInterval();
  const counts = useNotificationCounts();
  const mayAddProject = useMayOpen('timelogs', 'projectNew');
  const { wide } = useListLayout();
  const data = types.data;
  const pages = useLastPageFollow(data, types.isPlaceholderData, params.page, setPage);
  const unread = counts.data?.reduce((sum, c) => sum + c.count, 0) ?? 0;

  const intervalOf = (typeId: string): NotificationInterval =>
    subscriptions.data?.find((s) => s.notificationEventTypeId === typeId)?.notificationEventInterval ??
    DEFAULT_NOTIFICATION_INTERVAL;
  const intervalName = (v: NotificationInterval) =>
    translateKey(t, `notifications.intervals.${v}`, { defaultValue: String(v) });

  const save = (type: NotificationEventType, intervalType: NotificationInterval) =>
    change.mutate(
      { typeId: type.id, intervalType },
      {
        onSuccess: () =>
          toasts.show({
            color: 'green',
            message: t('notifications.saved', {
              name: eventTypeText(t, type).name,
              interval: intervalName(intervalType),
            }),
          }),
        onError: () => toasts.show({ color: 'red', message: t('notifications.saveFailed') }),
      },
    );

  const selector = (type: NotificationEventType) => (
    <IntervalSelect
      value={intervalOf(type.id)}
      label={t('notifications.intervalFor', { name: eventTypeText(t, type).name })}
      disabled={subscriptions.isPending || subscriptions.isError}
      onChange={(v) => save(type, v)}
    />
  );

  const actions = (fullWidth: boolean) => (
    <>
      <Button
        component={Link}
        to={href('notifications', 'inbox')}
        variant="light"
        leftSection={<IconInbox size={16} aria-hidden="true" />}
        rightSection={
          unread > 0 ? (
            <Badge size="sm" circle={unread < 10}>
              {unread > 99 ? '99+' : unread}
              <VisuallyHidden> {t('notifications.unreadSuffix')}</VisuallyHidden>
            </Badge>
          ) : undefined
        }
        fullWidth={fullWidth}
      >
        {t('notifications.openInbox')}
      </Button>
      {/* The spec's link to a new time-logging project, on wide screens only (hidden under 1050 px), and
          only for those whom the project form lets in. */}
      {mayAddProject && (
        <Button
          component={Link}
          to={href('timelogs', 'projectNew')}
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          className={classes.addProject}
        >
          {t('notifications.addProject')}
        </Button>
      )}
    </>
  );

  const rows = types.isPending ? undefined : data?.data;
  let content: ReactNode;
  if (!hasTenant) {
    content = <NoTenant />;
  } else if (types.isError || subscriptions.isError) {
    content = (
      <LoadFailed
        title={t('notifications.loadFailed')}
        message={t('notifications.loadFailedText')}
        onRetry={() => {
          void types.refetch();
          void subscriptions.refetch();
        }}
      />
    );
  } else if (!rows) {
    content = (
      <Group justify="center" py="xl">
        <Spinner label={t('loading')} />
      </Group>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyNotice
        icon={<IconBellOff size={28} />}
        title={params.search ? t('notifications.noMatches') : t('notifications.empty')}
        text={
          params.search ? t('notifications.noMatchesText', { search: params.search }) : t('notifications.emptyText')
        }
      />
    );
  } else if (wide) {
    content = (
      <Card withBorder radius="lg" padding={0} className={sharedClasses.tableCard}>
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy={types.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <SortHeader label={t('notifications.name')} column="name" sorting={params} onSort={onSort} />
              <SortHeader label={t('notifications.note')} column="note" sorting={params} onSort={onSort} />
              <Table.Th>{t('notifications.interval')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((type) => {
              const text = eventTypeText(t, type);
              return (
                <Table.Tr key={type.id}>
                  <Table.Td fw={600}>{text.name}</Table.Td>
                  <Table.Td c="dimmed">{text.note}</Table.Td>
                  <Table.Td w={220}>{selector(type)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Card>
    );
  } else {
    content = (
      <ul className={sharedClasses.cardList} aria-busy={types.isFetching}>
        {rows.map((type) => {
          const text = eventTypeText(t, type);
          return (
            <li key={type.id}>
              <Card withBorder radius="md" padding="md" mb="sm">
                <Stack gap={6}>
                  <Text fw={600}>{text.name}</Text>
                  <Text size="sm" c="dimmed">
                    {text.note}
                  </Text>
                  {selector(type)}
                </Stack>
              </Card>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ListFrame title={t('notifications.title')} subtitle={t('notifications.subtitle')} actions={actions}>
      <ListToolbar
        list={list}
        searchLabel={t('notifications.search')}
        searchPlaceholder={t('notifications.searchPlaceholder')}
        sortBy={[
          { column: 'name', name: t('notifications.sortName') },
          { column: 'note', name: t('notifications.note') },
        ]}
      />
      {content}
      <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />
    </ListFrame>
  );
}
