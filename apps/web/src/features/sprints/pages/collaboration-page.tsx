import { href, IDEA_SORTS, IDEA_STATUSES, type IdeaSort, type IdeaStatus } from '@atrium/contracts';
import { Alert, Anchor, Button, Card, Grid, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconBulb, IconLock, IconPencil, IconPlus, IconRocket, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/shared/api/api-error';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { SkeletonCards } from '@/shared/list/list-parts';
import { EmptyNotice } from '@/shared/ui/empty-notice';
import { LoadFailed } from '@/shared/ui/load-failed';
import { PageLoader } from '@/shared/ui/page-loader';
import { RichText } from '@/shared/ui/rich-text';
import { useDeleteCollaboration } from '../api/delete-collaboration';
import { useCollaboration } from '../api/get-collaboration';
import { useTags } from '../api/get-tags';
import { useDeleteIdea, useIdeas } from '../api/ideas';
import type { CollaborationDetail, IdeaRow } from '../api/keys';
import { problemText } from '../api/problem-messages';
import { usePeriod } from '../components/collaboration-card';
import { ConfirmDialog } from '../components/confirm-dialog';
import { IdeaCard } from '../components/idea-card';
import { MembersPanel } from '../components/members-panel';
import classes from '../components/sprints.module.css';
import { CollaborationStatusBadge } from '../components/status-badge';

// The forms carry the rich-text editor: loaded when first opened, so the page itself shows sooner.
const CollaborationFormDialog = lazy(() =>
  import('../components/collaboration-form-dialog').then((m) => ({ default: m.CollaborationFormDialog })),
);
const IdeaFormDialog = lazy(() =>
  import('../components/idea-form-dialog').then((m) => ({ default: m.IdeaFormDialog })),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /sprints/{id}: a collaboration's description, members and ideas (members and administrators). */
export default function CollaborationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const collaboration = useCollaboration(id);
  usePageTitle(collaboration.data?.title ?? t('sprints.title'));

  if (collaboration.isPending) return <PageLoader />;
  if (collaboration.isError) {
    const missing = collaboration.error instanceof ApiError && [400, 404].includes(collaboration.error.status);
    return (
      <Stack gap="lg">
        <BackLink />
        {missing ? (
          <EmptyNotice
            icon={<IconRocket size={28} />}
            title={t('sprints.page.loadFailed')}
            text={t('sprints.page.notFound')}
          />
        ) : (
          <LoadFailed
            title={t('sprints.page.loadFailed')}
            message={problemText(t, collaboration.error)}
            onRetry={() => void collaboration.refetch()}
          />
        )}
      </Stack>
    );
  }
  return <CollaborationView collaboration={collaboration.data} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={href('sprints', 'index')} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('sprints.page.back')}
      </Group>
    </Anchor>
  );
}

function CollaborationView({ collaboration: c }: { collaboration: CollaborationDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const period = usePeriod();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCollaboration();

  return (
    <Stack gap="lg">
      <BackLink />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {c.title}
            </Title>
            <CollaborationStatusBadge status={c.status} />
          </Group>
          <Text c="dimmed">
            {period(c)}
            {c.owner && ` · ${t('sprints.card.owner', { name: c.owner.fullName })}`}
          </Text>
        </Stack>
        {(c.canManage || c.canDelete) && (
          <Group gap="sm">
            {c.canManage && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                {t('sprints.page.edit')}
              </Button>
            )}
            {c.canDelete && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              >
                {t('sprints.page.delete')}
              </Button>
            )}
          </Group>
        )}
      </Group>

      {c.status === 'closed' && (
        <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
          {t('sprints.page.closedNotice')}
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="xs">
                {t('sprints.page.about')}
              </Title>
              {c.description ? (
                <RichText html={c.description} />
              ) : (
                <Text c="dimmed" size="sm">
                  {t('sprints.page.noDescription')}
                </Text>
              )}
            </Card>
            <IdeasSection collaboration={c} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <MembersPanel collaboration={c} />
        </Grid.Col>
      </Grid>

      <Suspense fallback={null}>
        {editing && (
          <CollaborationFormDialog
            opened
            collaboration={c}
            onClose={() => setEditing(false)}
            onSaved={() => setEditing(false)}
          />
        )}
      </Suspense>
      <ConfirmDialog
        opened={deleting}
        title={t('sprints.page.deleteTitle', { title: c.title })}
        text={t('sprints.page.deleteText')}
        confirmLabel={t('sprints.page.deleteConfirm')}
        failedTitle={t('sprints.page.deleteFailed')}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(c.id, {
            onSuccess: () => {
              notifications.show({ message: t('sprints.page.deleted') });
              navigate(href('sprints', 'index'));
            },
          })
        }
      />
    </Stack>
  );
}

/** The ideas: sort, status and tag filters (kept in the address), the list page by page, and the forms. */
function IdeasSection({ collaboration: c }: { collaboration: CollaborationDetail }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: IdeaSort = IDEA_SORTS.find((s) => s === sortParam) ?? 'newest';
  const statusParam = params.get('status');
  const status = IDEA_STATUSES.find((s) => s === statusParam);
  const tagParam = params.get('tag');
  const tagId = tagParam && UUID.test(tagParam) ? tagParam : undefined;
  const ideas = useIdeas(c.id, { sort, status, tagId });
  const tags = useTags();
  const remove = useDeleteIdea(c.id);
  const ideaParam = params.get('idea');
  const [open, setOpen] = useState<string | null>(ideaParam && UUID.test(ideaParam) ? ideaParam : null);
  const [form, setForm] = useState<{ idea: IdeaRow | null } | null>(null);
  const [deleting, setDeleting] = useState<IdeaRow | null>(null);
  const canWrite = c.isMember && c.status !== 'closed';
  const rows = ideas.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = !!(status || tagId);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          {t('sprints.ideas.title')}{' '}
          <Text span c="dimmed" fw={400}>
            ({c.ideasCount})
          </Text>
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ idea: null })}>
            {t('sprints.ideas.add')}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="center" wrap="wrap">
        <SegmentedControl
          aria-label={t('sprints.ideas.sort')}
          value={sort}
          onChange={(value) => setParam('sort', value === 'newest' ? null : value)}
          data={IDEA_SORTS.map((s) => ({ value: s, label: t(`sprints.ideas.sorts.${s}`) }))}
        />
        <Select
          aria-label={t('sprints.ideas.statusFilter')}
          placeholder={t('sprints.ideas.anyStatus')}
          data={IDEA_STATUSES.map((s: IdeaStatus) => ({ value: s, label: t(`sprints.ideaStatus.${s}`) }))}
          value={status ?? null}
          onChange={(value) => setParam('status', value)}
          clearable
          w={160}
        />
        {!!tags.data?.length && (
          <Select
            aria-label={t('sprints.ideas.tagFilter')}
            placeholder={t('sprints.ideas.anyTag')}
            data={tags.data.map((tag) => ({ value: tag.id, label: tag.title }))}
            value={tagId ?? null}
            onChange={(value) => setParam('tag', value)}
            clearable
            searchable
            w={160}
          />
        )}
      </Group>

      {ideas.isPending ? (
        <SkeletonCards count={3} height={110} />
      ) : ideas.isError ? (
        <LoadFailed
          title={t('sprints.ideas.loadFailed')}
          message={problemText(t, ideas.error)}
          onRetry={() => void ideas.refetch()}
        />
      ) : rows.length ? (
        <Stack
          component="ul"
          gap="sm"
          className={classes.ideaList}
          aria-label={t('sprints.ideas.title')}
          aria-busy={ideas.isFetching}
        >
          {rows.map((idea) => (
            <IdeaCard
              key={idea.id}
              idea={idea}
              collaborationId={c.id}
              open={open === idea.id}
              canWrite={canWrite}
              canModerate={c.canManage}
              onToggle={() => setOpen((o) => (o === idea.id ? null : idea.id))}
              onEdit={() => setForm({ idea })}
              onDelete={() => {
                remove.reset();
                setDeleting(idea);
              }}
            />
          ))}
        </Stack>
      ) : (
        <EmptyNotice
          icon={<IconBulb size={28} />}
          title={filtered ? t('sprints.ideas.noMatches') : t('sprints.ideas.empty')}
          text={filtered ? t('sprints.ideas.noMatchesText') : t('sprints.ideas.emptyText')}
        />
      )}
      {ideas.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void ideas.fetchNextPage()}
          loading={ideas.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('sprints.ideas.more')}
        </Button>
      )}

      <Suspense fallback={null}>
        {form && <IdeaFormDialog opened collaborationId={c.id} idea={form.idea} onClose={() => setForm(null)} />}
      </Suspense>
      <ConfirmDialog
        opened={!!deleting}
        title={t('sprints.ideas.deleteTitle', { title: deleting?.title ?? '' })}
        text={t('sprints.ideas.deleteText')}
        confirmLabel={t('sprints.ideas.deleteConfirm')}
        failedTitle={t('sprints.ideas.deleteFailed')}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}
