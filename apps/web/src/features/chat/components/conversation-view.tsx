import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useSession } from '@/shared/api/session';
import { formatDateTime } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadFailed } from '@/shared/ui/load-failed';
import { Spinner } from '@/shared/ui/spinner';
import { UserAvatar } from '@/shared/ui/user-avatar';
import { useHistory } from '../api/get-history';
import type { ChatTarget, HistoryPage, MessageGroupRow } from '../api/keys';
import { useMarkRead } from '../api/mark-read';
import { problemText } from '../api/problem-messages';
import { useSendMessage } from '../api/send-message';
import classes from './chat.module.css';
import { LinkifiedText } from './linkified-text';
import { MessageComposer } from './message-composer';

/** Starting this close to the top, scrolling up fetches the page above. */
const LOAD_OLDER_PX = 120;

/**
 * The pages of an infinite history (newest page first, each oldest-first) as one run of groups,
 * oldest first, a sender's consecutive messages across a page border joined into one group.
 */
export function mergePages(pages: HistoryPage[]): MessageGroupRow[] {
  const groups: MessageGroupRow[] = [];
  for (const page of [...pages].reverse()) {
    for (const g of page.groups) {
      const last = groups.at(-1);
      if (last && last.userId === g.userId) last.messages = [...last.messages, ...g.messages];
      else groups.push({ ...g, messages: [...g.messages] });
    }
  }
  return groups;
}

/** One conversation: its history paged upward as the user scrolls up, and the message box. */
export function ConversationView({ target, title }: { target: ChatTarget; title: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const me = session.status === 'authenticated' ? session.user.id : '';
  const history = useHistory(target);
  const send = useSendMessage(target);
  const markRead = useMarkRead();
  const scroller = useRef<HTMLDivElement>(null);
  /** Distance from the bottom before older messages were fetched, to restore after they render. */
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  const groups = useMemo(() => mergePages(history.data?.pages ?? []), [history.data]);
  const newestId = history.data?.pages[0]?.groups.at(-1)?.messages.at(-1)?.id ?? null;
  const pageCount = history.data?.pages.length ?? 0;

  // Opened, or a new message arrived while open: mark read (the list's badge drops).
  const { mutate: markReadNow } = markRead;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when a newer message arrives
  useEffect(() => {
    if (history.isSuccess) markReadNow(target);
  }, [newestId, history.isSuccess, target, markReadNow]);

  // After older messages render above, the same message stays under the reader's eyes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a page is added above
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || keepFromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [pageCount]);

  // New messages at the bottom: follow them when the reader was at the bottom (and on opening).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  function loadOlder() {
    const el = scroller.current;
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  }

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < LOAD_OLDER_PX) loadOlder();
  }

  async function onSend(text: string) {
    stickToBottom.current = true;
    try {
      await send.mutateAsync(text);
    } catch (err) {
      notifications.show({ color: 'red', title: t('chat.sendFailed'), message: problemText(t, err) });
      throw err;
    }
  }

  return (
    <Paper withBorder radius="md" className={classes.conversation}>
      <Group gap="xs" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={2} size="h4" style={{ minWidth: 0 }} lineClamp={1}>
          {title}
        </Title>
      </Group>

      <div
        ref={scroller}
        className={classes.scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('chat.history', { title })}
        aria-live="polite"
        aria-relevant="additions"
        // Focusable so that keyboard users can scroll the history.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        {history.isPending ? (
          <Center h="100%">
            <Spinner size="sm" label={t('chat.loading')} />
          </Center>
        ) : history.isError && !history.data ? (
          <LoadFailed
            title={t('chat.loadFailed')}
            message={problemText(t, history.error)}
            onRetry={() => void history.refetch()}
          />
        ) : groups.length === 0 ? (
          <Center h="100%">
            <Text c="dimmed" size="sm" ta="center">
              {t('chat.empty')}
            </Text>
          </Center>
        ) : (
          <Stack gap="md">
            {history.hasNextPage ? (
              <Center>
                <Button variant="subtle" size="compact-sm" onClick={loadOlder} loading={history.isFetchingNextPage}>
                  {t('chat.loadOlder')}
                </Button>
              </Center>
            ) : (
              <Text size="xs" c="dimmed" ta="center">
                {t('chat.start')}
              </Text>
            )}
            {groups.map((g) => (
              <MessageGroup key={g.messages[0]!.id} group={g} mine={g.userId === me} />
            ))}
          </Stack>
        )}
      </div>

      <div style={{ padding: 'var(--mantine-spacing-sm)', borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <MessageComposer onSend={onSend} sending={send.isPending} label={t('chat.composer.label', { title })} />
      </div>
    </Paper>
  );
}

function MessageGroup({ group, mine }: { group: MessageGroupRow; mine: boolean }) {
  const { t } = useTranslation();
  const first = group.messages[0]!;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" justify={mine ? 'flex-end' : 'flex-start'}>
      {!mine && <UserAvatar name={group.fullName} src={group.imagePath} size={32} />}
      <Stack gap={4} className={mine ? classes.mine : undefined} style={{ minWidth: 0, flex: 1 }}>
        <Text size="xs" c="dimmed">
          {mine ? t('chat.me') : group.fullName} · {formatDateTime(first.createdAt)}
        </Text>
        {group.messages.map((m) => (
          <div key={m.id} className={classes.bubble} title={formatDateTime(m.createdAt)}>
            <Text size="sm" component="span" inherit>
              <LinkifiedText text={m.text} />
            </Text>
          </div>
        ))}
      </Stack>
    </Group>
  );
}
