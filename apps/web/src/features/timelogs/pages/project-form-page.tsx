import { href, isDateString, localToday } from '@atrium/contracts';
import { Button, Card, Group, MultiSelect, Stack, Table, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useProject } from '@/features/timelogs/api/get-projects';
import { useTenantUsers } from '@/features/timelogs/api/get-tenant-users';
import { problemText } from '@/features/timelogs/api/problem-messages';
import { useSaveProject } from '@/features/timelogs/api/save-project';
import { useSaveTask } from '@/features/timelogs/api/save-task';
import { DeleteProjectDialog, DeleteTaskDialog } from '@/features/timelogs/components/delete-dialogs';
import { RowActions } from '@/features/timelogs/components/row-actions';
import { showHours } from '@/features/timelogs/lib/hours';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isRecordId, recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { CancelAndSave } from '@/shared/ui/cancel-and-save';
import { DateField } from '@/shared/ui/date-field';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { FormDialog } from '@/shared/ui/form-dialog';
import { PageLoader } from '@/shared/ui/page-loader';

type Values = { name: string; startDate: string; memberIds: string[]; tasks: string[] };

/** /admin/timelogs/project/new and /admin/timelogs/project/{id}: a project, who works on it and its tasks. */
export default function ProjectFormPage() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const project = useProject(isNew || !isRecordId(id) ? null : id);
  const save = useSaveProject();
  const [deleting, setDeleting] = useState(false);
  useNotFoundWhen(!isNew && recordMissing(id, project.error));
  usePageTitle(isNew ? t('timelogs.projects.newTitle') : (project.data?.name ?? t('timelogs.projects.title')));

  const form = useForm<Values>({
    initialValues: { name: '', startDate: localToday(), memberIds: [], tasks: [] },
    validate: {
      name: (v) => (v.trim() ? null : t('timelogs.projects.nameRequired')),
      startDate: (v) => (isDateString(v) ? null : t('timelogs.projects.startDateInvalid')),
    },
  });
  const loaded = project.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form takes the loaded project once.
  useEffect(() => {
    if (loaded) {
      form.setValues({ name: loaded.name, startDate: loaded.startDate, memberIds: loaded.memberIds, tasks: [] });
      form.resetDirty();
    }
  }, [loaded?.id]);

  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const users = useTenantUsers(debounced, form.values.memberIds);
  const userData = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.fullName} (${u.email})` }));

  if (!isNew && project.isPending) return <PageLoader />;

  const submit = form.onSubmit((values) => {
    const body = isNew
      ? { name: values.name.trim(), startDate: values.startDate, memberIds: values.memberIds, tasks: values.tasks }
      : { id, name: values.name.trim(), startDate: values.startDate, memberIds: values.memberIds };
    save.mutate(body, {
      onSuccess: (saved) =>
        navigate(isNew ? href('timelogs', 'projectEdit', { id: saved.id }) : href('timelogs', 'projects')),
    });
  });

  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} size="h2">
          {isNew ? t('timelogs.projects.newTitle') : (loaded?.name ?? t('timelogs.projects.title'))}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {isNew ? t('timelogs.projects.newSubtitle') : t('timelogs.projects.editSubtitle')}
        </Text>
      </div>

      {project.isError && !recordMissing(id, project.error) ? (
        <ErrorAlert title={t('timelogs.projects.loadFailed')}>{problemText(t, project.error)}</ErrorAlert>
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <form noValidate onSubmit={submit}>
            <Stack gap="md">
              <TextInput label={t('timelogs.projects.name')} required maxLength={200} {...form.getInputProps('name')} />
              <DateField
                label={t('timelogs.projects.startDate')}
                required
                {...form.getInputProps('startDate')}
                value={form.values.startDate}
              />
              <MultiSelect
                label={t('timelogs.projects.membersLabel')}
                description={t('timelogs.projects.membersHint')}
                data={userData}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                nothingFoundMessage={t('timelogs.projects.noUsers')}
                {...form.getInputProps('memberIds')}
              />
              {isNew && (
                <TagsInput
                  label={t('timelogs.projects.tasksLabel')}
                  description={t('timelogs.projects.tasksHint')}
                  {...form.getInputProps('tasks')}
                />
              )}
              {save.isError && (
                <ErrorAlert title={t('timelogs.projects.saveFailed')}>{problemText(t, save.error)}</ErrorAlert>
              )}
              <Group justify="space-between">
                {!isNew && loaded ? (
                  <Button
                    color="red"
                    variant="subtle"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setDeleting(true)}
                  >
                    {t('timelogs.projects.delete')}
                  </Button>
                ) : (
                  <span />
                )}
                <Group gap="sm">
                  <CancelAndSave
                    cancel={href('timelogs', 'projects')}
                    cancelLabel={t('timelogs.cancel')}
                    saveLabel={t('timelogs.save')}
                    saving={save.isPending}
                  />
                </Group>
              </Group>
            </Stack>
          </form>
        </Card>
      )}

      {!isNew && loaded && <TasksCard projectId={loaded.id} tasks={loaded.tasks} />}
      <DeleteProjectDialog
        project={deleting && loaded ? loaded : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(href('timelogs', 'projects'))}
      />
    </Stack>
  );
}

type TaskRow = { id: string; name: string; totalHours: number };

/** The project's tasks: add, rename, delete (with the hours that go). */
function TasksCard({ projectId, tasks }: { projectId: string; tasks: TaskRow[] }) {
  const { t, i18n } = useTranslation();
  // Adding and renaming each keep their own state, so one's failure never shows in the other.
  const addTask = useSaveTask();
  const renameTask = useSaveTask();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<TaskRow | null>(null);
  const [newName, setNewName] = useState('');
  const [deleting, setDeleting] = useState<TaskRow | null>(null);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('timelogs.tasks.title')}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            addTask.mutate({ projectId, name: name.trim() }, { onSuccess: () => setName('') });
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('timelogs.tasks.newLabel')}
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" leftSection={<IconPlus size={16} />} loading={addTask.isPending}>
              {t('timelogs.tasks.add')}
            </Button>
          </Group>
        </form>
        {addTask.isError && <ErrorAlert>{problemText(t, addTask.error)}</ErrorAlert>}
        {tasks.length === 0 ? (
          <Text c="dimmed">{t('timelogs.tasks.empty')}</Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('timelogs.tasks.name')}</Table.Th>
                <Table.Th ta="right">{t('timelogs.projects.hours')}</Table.Th>
                <Table.Th ta="right">{t('timelogs.projects.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasks.map((task) => (
                <Table.Tr key={task.id}>
                  <Table.Td>{task.name}</Table.Td>
                  <Table.Td ta="right">{showHours(task.totalHours, i18n.language)}</Table.Td>
                  <Table.Td>
                    <RowActions
                      edit={{
                        tip: t('timelogs.tasks.rename'),
                        label: t('timelogs.tasks.renameNamed', { name: task.name }),
                        onClick: () => {
                          setNewName(task.name);
                          setRenaming(task);
                        },
                      }}
                      remove={{
                        tip: t('timelogs.tasks.delete'),
                        label: t('timelogs.tasks.deleteNamed', { name: task.name }),
                        onClick: () => setDeleting(task),
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <FormDialog
        opened={renaming !== null}
        onClose={() => {
          renameTask.reset();
          setRenaming(null);
        }}
        title={t('timelogs.tasks.rename')}
        submitLabel={t('timelogs.save')}
        cancelLabel={t('timelogs.cancel')}
        pending={renameTask.isPending}
        submitDisabled={!newName.trim()}
        error={renameTask.isError ? problemText(t, renameTask.error) : null}
        onSubmit={() =>
          renaming &&
          renameTask.mutate({ id: renaming.id, name: newName.trim() }, { onSuccess: () => setRenaming(null) })
        }
      >
        <TextInput
          label={t('timelogs.tasks.name')}
          value={newName}
          maxLength={200}
          onChange={(event) => setNewName(event.currentTarget.value)}
        />
      </FormDialog>
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
