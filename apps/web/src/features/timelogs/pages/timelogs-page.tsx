import { addDays, can, href, isDateString, localToday, mondayOf, POLICIES } from '@atrium/contracts';
import { Button, Card, Center, Group, Select, Stack, Text } from '@mantine/core';
import { IconChartBar, IconCopy, IconListDetails, IconPlus } from '@tabler/icons-react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAddWeekRow } from '@/features/timelogs/api/add-week-row';
import { useCopyLastWeek } from '@/features/timelogs/api/copy-last-week';
import { personalProjectsQuery, usePersonalProjects } from '@/features/timelogs/api/get-personal-projects';
import { useWeek } from '@/features/timelogs/api/get-week';
import { usePendingMarks, withPendingMarks } from '@/features/timelogs/api/pending-marks';
import { problemText } from '@/features/timelogs/api/problem-messages';
import { useSaveMark } from '@/features/timelogs/api/save-mark';
import type { CellDraft } from '@/features/timelogs/components/hours-cell';
import { PeriodStepper } from '@/features/timelogs/components/period-stepper';
import { WeekGrid } from '@/features/timelogs/components/week-grid';
import { useSession } from '@/shared/api/session';
import { formatDate } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useFeatureInfo } from '@/shared/menu/use-menu';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { FeatureHeading } from '@/shared/ui/feature-heading';
import { LoadFailed } from '@/shared/ui/load-failed';
import { Spinner } from '@/shared/ui/spinner';

/** The week in the URL (?week=YYYY-MM-DD, any day of it), or the current week (spec §4). */
export function weekOf(param: string | null, today: string) {
  if (param && isDateString(param)) return mondayOf(param);
  return mondayOf(today);
}

/**
 * /timelogs: the caller's hours of one week, saved cell by cell. The week lives in the URL so that it
 * survives a reload and can be shared; arrows move it by one week.
 */
export default function TimelogsPage() {
  const { t } = useTranslation();
  const feature = useFeatureInfo('TimeLogs');
  usePageTitle(feature.title);
  const [params, setParams] = useSearchParams();
  // Cells whose save failed, by task and day: they outlive a move to another week and back.
  const drafts = useRef(new Map<string, CellDraft>()).current;
  const saving = useRef(0);
  // Closing or reloading the tab while a cell is saving or holds a failed save asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (saving.current > 0 || drafts.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [drafts]);
  const today = localToday();
  const monday = weekOf(params.get('week'), today);
  const sunday = addDays(monday, 6);
  const week = useWeek(monday);
  // The task list of 'Add row' is asked for with the week, not once the week has come (without redrawing
  // the page when it comes: 'Add row' reads it).
  usePrefetchQuery(personalProjectsQuery());
  // Hours saved with no network wait in the offline queue: their cells show them as pending, and the
  // totals count them.
  const pending = usePendingMarks();
  const projects = useMemo(() => (week.data ? withPendingMarks(week.data, pending) : undefined), [week.data, pending]);
  const pendingCells = useMemo(() => new Set(pending.keys()), [pending]);
  const save = useSaveMark();
  const copy = useCopyLastWeek();
  const session = useSession();
  // The admin pages have no menu item of their own: administrators reach them from here.
  const isAdmin = can(session.status === 'authenticated' ? session.user : null, POLICIES.tenantAdmins);

  const go = (to: string) => {
    // What copying said belongs to the week it was asked in.
    copy.reset();
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('week', to);
      return next;
    });
  };

  const onSave = async (projectId: string, taskId: string, dateString: string, hours: number) => {
    saving.current += 1;
    try {
      await save.mutateAsync({ projectId, taskId, dateString, hours });
    } catch (err) {
      throw new Error(problemText(t, err));
    } finally {
      saving.current -= 1;
    }
  };

  const range = t('timelogs.range', {
    start: formatDate(monday),
    end: formatDate(sunday),
  });
  const empty = week.data?.length === 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <FeatureHeading feature="TimeLogs" subtitle={t('timelogs.subtitle')} />
        <Group gap="xs" role="group" aria-label={t('timelogs.weekNavigation')}>
          {/* The arrows stay beside the range; 'This week' wraps below them on a phone. */}
          <PeriodStepper
            period={range}
            testId="week-range"
            minWidth={200}
            previousLabel={t('timelogs.previousWeek')}
            nextLabel={t('timelogs.nextWeek')}
            onStep={(by) => go(addDays(monday, 7 * by))}
          />
          {monday !== mondayOf(today) && (
            <Button variant="subtle" size="compact-sm" onClick={() => go(mondayOf(today))}>
              {t('timelogs.thisWeek')}
            </Button>
          )}
        </Group>
      </Group>

      {week.isError && (
        <LoadFailed
          title={t('timelogs.loadFailed')}
          message={problemText(t, week.error)}
          onRetry={() => void week.refetch()}
        />
      )}

      <Card withBorder radius="lg" padding={0}>
        {week.isPending ? (
          <Center py="xl">
            <Spinner size="md" label={t('loading')} />
          </Center>
        ) : empty ? (
          <Stack align="center" gap="sm" py={40} px="md">
            <Text c="dimmed" ta="center">
              {t('timelogs.emptyWeek')}
            </Text>
            <Button
              leftSection={<IconCopy size={16} />}
              variant="light"
              loading={copy.isPending}
              onClick={() => copy.mutate(monday)}
            >
              {t('timelogs.copyLastWeek')}
            </Button>
            {copy.data?.rows === 0 && (
              <Text size="sm" c="dimmed" role="status">
                {t('timelogs.nothingToCopy')}
              </Text>
            )}
            {copy.isError && <ErrorAlert>{problemText(t, copy.error)}</ErrorAlert>}
          </Stack>
        ) : projects ? (
          <WeekGrid
            monday={monday}
            today={today}
            projects={projects}
            onSave={onSave}
            drafts={drafts}
            pending={pendingCells}
          />
        ) : null}
      </Card>

      {!week.isPending && <AddRow monday={monday} shown={week.data ?? []} />}

      {isAdmin && (
        <Group gap="sm">
          <Button
            component={Link}
            to={href('timelogs', 'projects')}
            variant="subtle"
            leftSection={<IconListDetails size={16} />}
          >
            {t('timelogs.projects.title')}
          </Button>
          <Button
            component={Link}
            to={href('timelogs', 'overview')}
            variant="subtle"
            leftSection={<IconChartBar size={16} />}
          >
            {t('timelogs.overview.title')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Adds a task of one's projects as a row of the week (without hours). */
function AddRow({ monday, shown }: { monday: string; shown: { projectTasks: { id: string }[] }[] }) {
  const { t } = useTranslation();
  const projects = usePersonalProjects();
  const add = useAddWeekRow();
  const [choice, setChoice] = useState<string | null>(null);
  const visible = new Set(shown.flatMap((p) => p.projectTasks.map((task) => task.id)));
  const data = (projects.data ?? [])
    .map((p) => ({
      group: p.name,
      items: p.tasks
        .filter((task) => !visible.has(task.id))
        .map((task) => ({ value: `${p.id}/${task.id}`, label: task.name })),
    }))
    .filter((g) => g.items.length > 0);

  if (projects.isError) {
    return (
      <LoadFailed
        title={t('timelogs.projectsLoadFailed')}
        message={problemText(t, projects.error)}
        onRetry={() => void projects.refetch()}
      />
    );
  }
  if (projects.isSuccess && projects.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('timelogs.noProjects')}
      </Text>
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('timelogs.addRowLabel')}
        placeholder={t('timelogs.addRowPlaceholder')}
        data={data}
        value={choice}
        onChange={setChoice}
        searchable
        nothingFoundMessage={t('timelogs.noMoreTasks')}
        disabled={projects.isPending}
        w={320}
      />
      <Button
        leftSection={<IconPlus size={16} />}
        variant="default"
        disabled={!choice}
        loading={add.isPending}
        onClick={() => {
          if (!choice) return;
          const [projectId, taskId] = choice.split('/') as [string, string];
          add.mutate({ week: monday, projectId, taskId }, { onSuccess: () => setChoice(null) });
        }}
      >
        {t('timelogs.addRow')}
      </Button>
      {add.isError && <ErrorAlert>{problemText(t, add.error)}</ErrorAlert>}
    </Group>
  );
}
