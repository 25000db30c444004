import { CHAT } from '@atrium/contracts';
import { Badge, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { formatDateTime } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadFailed } from '@/shared/ui/load-failed';
import { Spinner } from '@/shared/ui/spinner';
import { UserAvatar } from '@/shared/ui/user-avatar';
import { useConversations } from '../api/get-conversations';
import type { ChatTarget, ConversationRow } from '../api/keys';
import { problemText } from '../api/problem-messages';
import classes from './chat.module.css';

/** The user's conversations: people of the tenant and their groups, unread badges, search on the name. */
export function ConversationList({
  selected,
  onSelect,
}: {
  selected: ChatTarget | null;
  onSelect: (target: ChatTarget) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const conversations = useConversations(debounced);

  return (
    <Stack gap="sm" className={classes.list}>
      <TextInput
        className={classes.search}
        aria-label={t('chat.list.search')}
        placeholder={t('chat.list.search')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        rightSection={conversations.isFetching && debounced ? <Loader size={14} /> : null}
      />
      {conversations.isPending ? (
        <Group justify="center" p="md">
          <Spinner size="sm" label={t('chat.list.loading')} />
        </Group>
      ) : conversations.isError ? (
        <LoadFailed
          title={t('chat.list.loadFailed')}
          message={problemText(t, conversations.error)}
          onRetry={() => void conversations.refetch()}
        />
      ) : conversations.data.length === 0 ? (
        <Text c="dimmed" size="sm" p="sm">
          {debounced ? t('chat.list.noMatch') : t('chat.list.empty')}
        </Text>
      ) : (
        <nav aria-label={t('chat.list.title')}>
          <ul className={classes.items}>
            {conversations.data.map((c) => (
              <li key={`${c.kind}:${c.id}`}>
                <ConversationItem
                  conversation={c}
                  current={selected?.kind === c.kind && selected.id === c.id}
                  onSelect={onSelect}
                />
              </li>
            ))}
          </ul>
          {conversations.data.length >= CHAT.listMax && (
            <Text c="dimmed" size="xs" p="sm" role="note">
              {t(debounced ? 'chat.list.cappedSearch' : 'chat.list.capped', { count: CHAT.listMax })}
            </Text>
          )}
        </nav>
      )}
    </Stack>
  );
}

/** One row; memoised, so that typing in the search does not lay out up to 500 rows at each keystroke. */
const ConversationItem = memo(function ConversationItem({
  conversation: c,
  current,
  onSelect,
}: {
  conversation: ConversationRow;
  current: boolean;
  onSelect: (target: ChatTarget) => void;
}) {
  const { t } = useTranslation();
  const last = c.lastMessage;
  const preview = last
    ? last.fromMe
      ? t('chat.list.you', { text: last.text })
      : last.text
    : t('chat.list.noMessages');
  return (
    <UnstyledButton
      className={classes.item}
      data-current={current || undefined}
      aria-current={current ? 'true' : undefined}
      onClick={() => onSelect({ kind: c.kind, id: c.id })}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        {c.kind === 'group' ? (
          <UserAvatar name={c.title} size={40}>
            <IconUsersGroup size={20} aria-hidden="true" />
          </UserAvatar>
        ) : (
          <UserAvatar name={c.title} src={c.imagePath} size={40} />
        )}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text fw={c.unread ? 700 : 500} size="sm" truncate="end">
              {c.title}
              {c.kind === 'group' && (
                <Text span c="dimmed" size="xs" ml={6}>
                  {t('chat.list.group')}
                </Text>
              )}
            </Text>
            {last && (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatDateTime(last.createdAt)}
              </Text>
            )}
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate="end">
              {preview}
            </Text>
            {c.unread > 0 && (
              <Badge size="sm" circle={c.unread < 10} aria-label={t('chat.list.unread', { count: c.unread })}>
                {c.unread >= 100 ? '99+' : c.unread}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
});
