import { Paper, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FeatureHeading } from '@/shared/ui/feature-heading';
import { useConversations } from '../api/get-conversations';
import type { ChatTarget } from '../api/keys';
import classes from '../components/chat.module.css';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The open conversation, from the address: `?user=<id>` or `?group=<id>` (so Back and links work). */
function targetOf(params: URLSearchParams): ChatTarget | null {
  const user = params.get('user');
  if (user && UUID.test(user)) return { kind: 'direct', id: user };
  const group = params.get('group');
  if (group && UUID.test(group)) return { kind: 'group', id: group };
  return null;
}

/**
 * /chat: the conversation list beside the open conversation. At mobile width it shows one of them:
 * the list, or the conversation. Opening one at that width is a step in the tab's history, so the
 * header's back arrow (on every phone screen) leads back to the list: the conversation has none of its own.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  usePageTitle(t('chat.title'));
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  // One object while the address stays: the open conversation marks itself read when it changes.
  const target = useMemo(() => targetOf(params), [params]);
  const all = useConversations('');
  const open = target && all.data?.find((c) => c.kind === target.kind && c.id === target.id);
  const title = open?.title ?? '';

  const select = (next: ChatTarget) =>
    setParams(next.kind === 'direct' ? { user: next.id } : { group: next.id }, { replace: !!target && !isMobile });

  const list = <ConversationList selected={target} onSelect={select} />;
  const conversation = target ? (
    <ConversationView key={`${target.kind}:${target.id}`} target={target} title={title} />
  ) : (
    <Paper withBorder radius="md" className={classes.conversation}>
      <Stack align="center" justify="center" h="100%" gap="xs" p="lg">
        <IconMessages size={36} aria-hidden="true" opacity={0.5} />
        <Text c="dimmed" ta="center">
          {t('chat.pick')}
        </Text>
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="md">
      {!(isMobile && target) && <FeatureHeading feature="Chat" subtitle={t('chat.subtitle')} />}
      {isMobile ? (
        <div className={classes.layoutSingle}>{target ? conversation : list}</div>
      ) : (
        <div className={classes.layout}>
          {list}
          {conversation}
        </div>
      )}
    </Stack>
  );
}
