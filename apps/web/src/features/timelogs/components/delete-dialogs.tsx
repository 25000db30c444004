import { Text } from '@mantine/core';
import { useDeleteProject } from '@/features/timelogs/api/delete-project';
import { useDeleteTask } from '@/features/timelogs/api/delete-task';
import { problemText } from '@/features/timelogs/api/problem-messages';
import { showHours } from '@/features/timelogs/lib/hours';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

type Deletable = { id: string; name: string; totalHours: number };

/** Asks before a project goes, naming it and the hours that go with it. */
export function DeleteProjectDialog({
  project,
  onClose,
  onDeleted,
}: {
  project: Deletable | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteProject();
  return (
    <FormDialog
      opened={project !== null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={t('timelogs.projects.deleteTitle')}
      submitLabel={t('timelogs.projects.delete')}
      cancelLabel={t('timelogs.cancel')}
      danger
      pending={remove.isPending}
      error={remove.isError ? problemText(t, remove.error) : null}
      onSubmit={() =>
        project &&
        remove.mutate(project.id, {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
        })
      }
    >
      <Text>{t('timelogs.projects.deleteText', { name: project?.name ?? '' })}</Text>
      <Text fw={600}>
        {project && project.totalHours > 0
          ? t('timelogs.hoursGo', { hours: showHours(project.totalHours, i18n.language) })
          : t('timelogs.noHoursGo')}
      </Text>
    </FormDialog>
  );
}

/** Asks before a task goes, naming it and the hours that go with it. */
export function DeleteTaskDialog({ task, onClose }: { task: Deletable | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteTask();
  return (
    <FormDialog
      opened={task !== null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={t('timelogs.tasks.deleteTitle')}
      submitLabel={t('timelogs.tasks.delete')}
      cancelLabel={t('timelogs.cancel')}
      danger
      pending={remove.isPending}
      error={remove.isError ? problemText(t, remove.error) : null}
      onSubmit={() => task && remove.mutate(task.id, { onSuccess: onClose })}
    >
      <Text>{t('timelogs.tasks.deleteText', { name: task?.name ?? '' })}</Text>
      <Text fw={600}>
        {task && task.totalHours > 0
          ? t('timelogs.hoursGo', { hours: showHours(task.totalHours, i18n.language) })
          : t('timelogs.noHoursGo')}
      </Text>
    </FormDialog>
  );
}
