import { SPRINTS } from '@atrium/contracts';
import { ActionIcon, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { LoadFailed } from '@/shared/ui/load-failed';
import { Spinner } from '@/shared/ui/spinner';
import { UserAvatar } from '@/shared/ui/user-avatar';
import { useComments, useDeleteComment, useSaveComment } from '../api/comments';
import type { CommentRow, IdeaRow } from '../api/keys';
import { problemText } from '../api/problem-messages';
import classes from './sprints.module.css';

/** One comment: who and when, the text (plain, as written), and its author's or moderator's buttons. */
function CommentItem({ comment, collaborationId }: { comment: CommentRow; collaborationId: string }) {
  const { t } = useTranslation();
  const save = useSaveComment(collaborationId);
  const remove = useDeleteComment(collaborationId);
  const [editing, setEditing] = useState<string | null>(null);
  const name = comment.author?.fullName ?? t('sprints.ideas.unknownAuthor');
  const edited = comment.updatedAt !== comment.createdAt;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing?.trim()) return;
    save.mutate(
      { ideaId: comment.ideaId, commentId: comment.id, text: editing },
      { onSuccess: () => setEditing(null) },
    );
  };

  return (
    <Group component="li" align="flex-start" wrap="nowrap" gap="sm" className={classes.comment} data-testid="comment">
      <UserAvatar name={name} src={comment.author?.imagePath} size={28} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {name}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              {formatDateTime(comment.createdAt)}
              {edited && ` · ${t('sprints.comments.edited')}`}
            </Text>
          </Text>
          <Group gap={2} wrap="nowrap">
            {comment.canEdit && editing === null && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('sprints.comments.edit')}
                onClick={() => setEditing(comment.text)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            )}
            {comment.canDelete && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('sprints.comments.delete')}
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(comment.id, {
                    onError: (error) =>
                      notifications.show({
                        color: 'red',
                        title: t('sprints.comments.deleteFailed'),
                        message: problemText(t, error),
                      }),
                  })
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        </Group>
        {editing === null ? (
          <Text size="sm" className={classes.commentText}>
            {comment.text}
          </Text>
        ) : (
          <form onSubmit={submit}>
            <Stack gap="xs">
              <Textarea
                label={t('sprints.comments.editLabel')}
                value={editing}
                onChange={(e) => setEditing(e.currentTarget.value)}
                autosize
                minRows={2}
                maxLength={SPRINTS.commentMax}
                data-autofocus
              />
              {save.error ? (
                <ErrorAlert title={t('sprints.comments.sendFailed')}>{problemText(t, save.error)}</ErrorAlert>
              ) : null}
              <Group gap="xs" justify="flex-end">
                <Button variant="default" size="xs" onClick={() => setEditing(null)}>
                  {t('sprints.comments.cancel')}
                </Button>
                <Button type="submit" size="xs" loading={save.isPending}>
                  {t('sprints.comments.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Group>
  );
}

/** An idea's comments, oldest first and paged by keyset, with the composer for members. */
export function CommentThread({
  idea,
  collaborationId,
  canWrite,
}: {
  idea: IdeaRow;
  collaborationId: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const comments = useComments(collaborationId, idea.id);
  const save = useSaveComment(collaborationId);
  const [text, setText] = useState('');
  const rows = comments.data?.pages.flatMap((p) => p.data) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    save.mutate({ ideaId: idea.id, text }, { onSuccess: () => setText('') });
  };

  return (
    <Stack gap="sm" mt="sm">
      {comments.isPending ? (
        <Spinner size="sm" label={t('sprints.comments.loading')} />
      ) : comments.isError ? (
        <LoadFailed
          title={t('sprints.comments.loadFailed')}
          message={problemText(t, comments.error)}
          onRetry={() => void comments.refetch()}
        />
      ) : rows.length ? (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('sprints.comments.title')}
        >
          {rows.map((c) => (
            <CommentItem key={c.id} comment={c} collaborationId={collaborationId} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('sprints.comments.empty')}
        </Text>
      )}
      {comments.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void comments.fetchNextPage()}
          loading={comments.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('sprints.comments.more')}
        </Button>
      )}
      {canWrite && (
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              label={t('sprints.comments.label', { title: idea.title })}
              placeholder={t('sprints.comments.placeholder')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={1}
              maxRows={6}
              maxLength={SPRINTS.commentMax}
              styles={{
                label: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
              }}
            />
            {save.error ? (
              <ErrorAlert title={t('sprints.comments.sendFailed')}>{problemText(t, save.error)}</ErrorAlert>
            ) : null}
            <Group justify="flex-end">
              <Button
                type="submit"
                size="xs"
                leftSection={<IconSend size={14} />}
                loading={save.isPending}
                disabled={!text.trim()}
              >
                {t('sprints.comments.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
