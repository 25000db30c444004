import { IDEA_STATUSES } from '@atrium/contracts';
import { ActionIcon, Badge, Button, Card, Collapse, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconMessageCircle,
  IconPencil,
  IconThumbUp,
  IconThumbUpFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useId } from 'react';
import { formatDate } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { RichText } from '@/shared/ui/rich-text';
import { useSetIdeaStatus, useVote } from '../api/ideas';
import type { IdeaRow } from '../api/keys';
import { problemText } from '../api/problem-messages';
import { CommentThread } from './comment-thread';
import classes from './sprints.module.css';
import { IdeaStatusBadge } from './status-badge';

/**
 * One idea: its vote button and count, title, author, tags and status, its description, and its
 * comments behind a toggle. The author edits it; the owner and administrators move and delete it.
 */
export function IdeaCard({
  idea,
  collaborationId,
  open,
  canWrite,
  canModerate,
  onToggle,
  onEdit,
  onDelete,
}: {
  idea: IdeaRow;
  collaborationId: string;
  /** Its comments are shown. */
  open: boolean;
  /** The caller may vote and comment (a member, the collaboration not closed). */
  canWrite: boolean;
  /** The caller moves ideas through their statuses (owner, administrators). */
  canModerate: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const vote = useVote(collaborationId);
  const move = useSetIdeaStatus(collaborationId);
  const commentsId = useId();
  const author = idea.author?.fullName ?? t('sprints.ideas.unknownAuthor');
  const failed = (title: string) => (error: unknown) =>
    notifications.show({ color: 'red', title, message: problemText(t, error) });

  return (
    <Card withBorder radius="lg" padding="md" component="li" data-testid="idea">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={2} align="center" className={classes.vote}>
          <ActionIcon
            size="lg"
            radius="xl"
            variant={idea.votedByMe ? 'filled' : 'light'}
            aria-pressed={idea.votedByMe}
            aria-label={t(idea.votedByMe ? 'sprints.ideas.unvote' : 'sprints.ideas.vote', { title: idea.title })}
            disabled={!canWrite}
            loading={vote.isPending}
            onClick={() =>
              vote.mutate({ ideaId: idea.id, on: !idea.votedByMe }, { onError: failed(t('sprints.ideas.voteFailed')) })
            }
          >
            {idea.votedByMe ? <IconThumbUpFilled size={18} /> : <IconThumbUp size={18} />}
          </ActionIcon>
          <Text size="xs" c="dimmed" data-testid="votes">
            {t('sprints.ideas.votes', { count: idea.votesCount })}
          </Text>
        </Stack>

        <Stack gap="xs" className={classes.ideaBody}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {idea.title}
              </Text>
              <Group gap="xs" wrap="wrap">
                <IdeaStatusBadge status={idea.status} />
                <Text size="xs" c="dimmed">
                  {t('sprints.ideas.by', { name: author, date: formatDate(idea.createdAt) })}
                </Text>
              </Group>
            </Stack>
            <Group gap={4} wrap="nowrap">
              {(idea.canEdit || idea.canDelete || canModerate) && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('sprints.ideas.actions', { title: idea.title })}
                    >
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {idea.canEdit && canWrite && (
                      <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                        {t('sprints.ideas.edit')}
                      </Menu.Item>
                    )}
                    {canModerate && (
                      <>
                        <Menu.Label>{t('sprints.ideas.moveTo')}</Menu.Label>
                        {IDEA_STATUSES.filter((s) => s !== idea.status).map((status) => (
                          <Menu.Item
                            key={status}
                            onClick={() =>
                              move.mutate(
                                { ideaId: idea.id, status },
                                {
                                  onSuccess: () =>
                                    notifications.show({
                                      message: t('sprints.ideas.statusChanged', {
                                        status: t(`sprints.ideaStatus.${status}`),
                                      }),
                                    }),
                                  onError: failed(t('sprints.ideas.statusFailed')),
                                },
                              )
                            }
                          >
                            {t(`sprints.ideaStatus.${status}`)}
                          </Menu.Item>
                        ))}
                      </>
                    )}
                    {idea.canDelete && (
                      <>
                        <Menu.Divider />
                        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                          {t('sprints.ideas.delete')}
                        </Menu.Item>
                      </>
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Group>

          {idea.description && <RichText html={idea.description} />}

          <Group justify="space-between" gap="xs">
            <Group gap={4}>
              {idea.tags.map((tag) => (
                <Badge key={tag.id} variant="outline" color="gray" radius="sm" tt="none">
                  {tag.title}
                </Badge>
              ))}
            </Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconMessageCircle size={16} />}
              aria-expanded={open}
              aria-controls={commentsId}
              aria-label={`${t('sprints.ideas.showComments', { title: idea.title })}: ${t('sprints.ideas.comments', { count: idea.commentsCount })}`}
              onClick={onToggle}
            >
              {t('sprints.ideas.comments', { count: idea.commentsCount })}
            </Button>
          </Group>
          <Collapse expanded={open} id={commentsId}>
            {open && <CommentThread idea={idea} collaborationId={collaborationId} canWrite={canWrite} />}
          </Collapse>
        </Stack>
      </Group>
    </Card>
  );
}
