import {
  COLLABORATION_SORTS,
  COLLABORATION_STATUSES,
  type CollaborationStatus,
  can,
  href,
  POLICIES,
} from '@atrium/contracts';
import { Button, Group, SegmentedControl, SimpleGrid, Stack, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconRocket } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/shared/api/session';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { SkeletonCards } from '@/shared/list/list-parts';
import { ListStates } from '@/shared/list/list-states';
import { ListPager, ListToolbar } from '@/shared/list/list-toolbar';
import { useLastPageFollow, useListParams } from '@/shared/list/use-list-params';
import { useFeatureInfo } from '@/shared/menu/use-menu';
import { useUrlQuery } from '@/shared/routing/use-url-query';
import { FeatureHeading } from '@/shared/ui/feature-heading';
import { useCollaborations } from '../api/get-collaborations';
import { problemText } from '../api/problem-messages';
import { CollaborationCard } from '../components/collaboration-card';
import classes from '../components/sprints.module.css';

const PAGE_SIZE = 12;

// The form carries the rich-text editor: loaded when first opened.
const CollaborationFormDialog = lazy(() =>
  import('../components/collaboration-form-dialog').then((m) => ({ default: m.CollaborationFormDialog })),
);

/**
 * /sprints: the caller's collaborations (an administrator's: all of the tenant's) as cards, with search,
 * a status filter that counts each status, sort and paging; administrators start new ones here.
 */
export default function SprintsPage() {
  const { t } = useTranslation();
  const feature = useFeatureInfo('Sprints');
  usePageTitle(feature.title || t('sprints.title'));
  const session = useSession();
  const admin = session.status === 'authenticated' && can(session.user, POLICIES.tenantAdmins);
  const navigate = useNavigate();
  const list = useListParams(COLLABORATION_SORTS, 'createdAt', { take: PAGE_SIZE, direction: 'desc' });
  const { params, setPage } = list;
  const [query, setQuery] = useUrlQuery();
  const statusParam = query.get('status');
  const status = COLLABORATION_STATUSES.find((s) => s === statusParam) ?? null;
  const collaborations = useCollaborations(params, status);
  const data = collaborations.data;
  const pages = useLastPageFollow(data, collaborations.isPlaceholderData, params.page, setPage);
  const [creating, setCreating] = useState(false);

  const all = data ? Object.values(data.statusCounts).reduce((sum, n) => sum + n, 0) : 0;
  const statusOptions = [
    { value: '', label: t('sprints.allStatuses', { count: all }) },
    ...COLLABORATION_STATUSES.map((s: CollaborationStatus) => ({
      value: s,
      label: t('sprints.statusCount', { status: t(`sprints.status.${s}`), count: data?.statusCounts[s] ?? 0 }),
    })),
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <FeatureHeading
          feature="Sprints"
          subtitle={data ? t('sprints.total', { count: data.total }) : t('sprints.subtitle')}
        />
        {admin && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('sprints.add')}
          </Button>
        )}
      </Group>

      <ListToolbar
        list={list}
        searchLabel={t('sprints.search')}
        sortBy={[
          { column: 'createdAt', date: { newest: t('sprints.sort.newest'), oldest: t('sprints.sort.oldest') } },
          { column: 'title', name: t('sprints.sort.title') },
        ]}
      />
      <div className={classes.statusFilter}>
        <VisuallyHidden id="sprints-status-label">{t('sprints.statusFilter')}</VisuallyHidden>
        <SegmentedControl
          aria-labelledby="sprints-status-label"
          value={status ?? ''}
          onChange={(value) => setQuery({ status: value || null, page: null })}
          data={statusOptions}
          radius="xl"
        />
      </div>

      {collaborations.isPending ? (
        <SkeletonCards count={3} height={140} />
      ) : (
        <ListStates
          query={collaborations}
          rows={data?.data}
          failedTitle={t('sprints.loadFailed')}
          describe={(error) => problemText(t, error)}
          icon={<IconRocket size={28} />}
          search={params.search || status || undefined}
          empty={{ title: t('sprints.empty'), text: admin ? t('sprints.emptyAdmin') : t('sprints.emptyText') }}
          noMatches={{ title: t('sprints.noMatches'), text: t('sprints.noMatchesText') }}
        >
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            component="ul"
            className={classes.cardGrid}
            aria-busy={collaborations.isFetching}
          >
            {data?.data.map((c) => (
              <CollaborationCard key={c.id} collaboration={c} />
            ))}
          </SimpleGrid>
        </ListStates>
      )}

      <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />

      <Suspense fallback={null}>
        {creating && (
          <CollaborationFormDialog
            opened
            collaboration={null}
            onClose={() => setCreating(false)}
            onSaved={(saved) => {
              setCreating(false);
              navigate(href('sprints', 'collaboration', { id: saved.id }));
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
