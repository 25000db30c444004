import { href, type InboxItem } from '@atrium/contracts';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBellCheck, IconCheck, IconChecks, IconSettings } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { INBOX_PAGE_SIZE, useInbox, useMarkAllRead, useMarkRead } from '@/features/notifications/api/inbox';
import { eventTypeText } from '@/features/notifications/components/event-type-label';
import { NoTenant, useHasActiveTenant } from '@/features/notifications/components/no-tenant';
import { formatDateTime } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ListPager } from '@/shared/list/list-toolbar';
import { useLastPageFollow } from '@/shared/list/use-list-params';
import { EmptyNotice } from '@/shared/ui/empty-notice';
import { LoadFailed } from '@/shared/ui/load-failed';
import { Spinner } from '@/shared/ui/spinner';
import classes from './inbox-page.module.css';

/**
 * /notifications/inbox: the user's own notifications in the active tenant, newest first; one or all
 * marked read (the menu's count follows at once, and live from other devices).
 */
export default function InboxPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.inbox.title'));
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const hasTenant = useHasActiveTenant();
  const inbox = useInbox(page, unreadOnly);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const data = inbox.data;
  // Marking the last unread of the last page read (with 'Unread only') shortens the list: follow it back.
  const pages = useLastPageFollow(data, inbox.isPlaceholderData, page, setPage);

  const read = (item: InboxItem) =>
    markRead.mutate(item.id, {
      onError: () => toasts.show({ color: 'red', message: t('notifications.inbox.markFailed') }),
    });

  const open = (item: InboxItem) => {
    if (!item.readAt) read(item);
    if (item.link) navigate(item.link);
  };

  const actions = (fullWidth: boolean) => (
    <>
      <Button
        variant="light"
        leftSection={<IconChecks size={16} aria-hidden="true" />}
        disabled={!data?.unread}
        loading={markAll.isPending}
        fullWidth={fullWidth}
        onClick={() =>
          markAll.mutate(undefined, {
            onSuccess: () => toasts.show({ color: 'green', message: t('notifications.inbox.allRead') }),
            onError: () => toasts.show({ color: 'red', message: t('notifications.inbox.markFailed') }),
          })
        }
      >
        {t('notifications.inbox.markAllRead')}
      </Button>
      <Button
        component={Link}
        to={href('notifications', 'list')}
        variant="default"
        leftSection={<IconSettings size={16} aria-hidden="true" />}
        fullWidth={fullWidth}
      >
        {t('notifications.inbox.settings')}
      </Button>
    </>
  );

  let content: ReactNode;
  if (!hasTenant) {
    content = <NoTenant />;
  } else if (inbox.isError) {
    content = (
      <LoadFailed
        title={t('notifications.inbox.loadFailed')}
        message={t('notifications.loadFailedText')}
        onRetry={() => void inbox.refetch()}
      />
    );
  } else if (!data) {
    content = (
      <Group justify="center" py="xl">
        <Spinner label={t('loading')} />
      </Group>
    );
  } else if (data.data.length === 0) {
    content = (
      <EmptyNotice
        icon={<IconBellCheck size={28} />}
        title={unreadOnly ? t('notifications.inbox.emptyUnread') : t('notifications.inbox.empty')}
        text={unreadOnly ? t('notifications.inbox.emptyUnreadText') : t('notifications.inbox.emptyText')}
      />
    );
  } else {
    content = (
      <ul className={classes.list} aria-busy={inbox.isFetching} data-testid="inbox">
        {data.data.map((item) => {
          const unread = !item.readAt;
          return (
            <li key={item.id}>
              <Card withBorder radius="md" padding="md" className={unread ? classes.unread : undefined}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={4} className={classes.text}>
                    <Group gap="xs" wrap="wrap">
                      {unread && (
                        <Badge size="sm" variant="filled">
                          {t('notifications.inbox.new')}
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        {eventTypeText(t, { name: item.eventType }).name} · {formatDateTime(item.createdAt)}
                      </Text>
                    </Group>
                    {item.link ? (
                      <Anchor
                        component="button"
                        type="button"
                        fw={unread ? 700 : 500}
                        ta="left"
                        className={classes.title}
                        onClick={() => open(item)}
                      >
                        {item.title}
                      </Anchor>
                    ) : (
                      <Text fw={unread ? 700 : 500} className={classes.title}>
                        {item.title}
                      </Text>
                    )}
                    {item.body && (
                      <Text size="sm" c="dimmed" className={classes.body}>
                        {item.body}
                      </Text>
                    )}
                  </Stack>
                  {unread && (
                    <Tooltip label={t('notifications.inbox.markRead')}>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={t('notifications.inbox.markReadOf', { title: item.title })}
                        onClick={() => read(item)}
                      >
                        <IconCheck size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Card>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ListFrame
      title={t('notifications.inbox.title')}
      subtitle={data ? t('notifications.unread', { count: data.unread }) : t('notifications.inbox.subtitle')}
      actions={actions}
    >
      <Switch
        label={t('notifications.inbox.unreadOnly')}
        checked={unreadOnly}
        onChange={(e) => {
          setUnreadOnly(e.currentTarget.checked);
          setPage(1);
        }}
      />
      {content}
      <ListPager
        data={data && { total: data.total, take: INBOX_PAGE_SIZE }}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </ListFrame>
  );
}
