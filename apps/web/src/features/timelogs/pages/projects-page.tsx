import type { Project } from '@atrium/contracts';
import { href } from '@atrium/contracts';
import { Anchor, Button, Card, Center, Group, Stack, Table, Text } from '@mantine/core';
import { IconChartBar, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProjects } from '@/features/timelogs/api/get-projects';
import { problemText } from '@/features/timelogs/api/problem-messages';
import { DeleteProjectDialog } from '@/features/timelogs/components/delete-dialogs';
import { RowActions } from '@/features/timelogs/components/row-actions';
import { showHours } from '@/features/timelogs/lib/hours';
import { formatDate } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ActionsHeader } from '@/shared/list/list-parts';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';

/** /admin/timelogs/projects: the tenant's projects with their tasks, members and hours. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('timelogs.projects.title'));
  const projects = useProjects();
  const [deleting, setDeleting] = useState<Project | null>(null);

  return (
    <Stack gap="lg">
      <PageHeader title={t('timelogs.projects.title')} subtitle={t('timelogs.projects.subtitle')}>
        <Group gap="sm">
          <Button
            component={Link}
            to={href('timelogs', 'overview')}
            variant="default"
            leftSection={<IconChartBar size={16} />}
          >
            {t('timelogs.overview.title')}
          </Button>
          <Button component={Link} to={href('timelogs', 'projectNew')} leftSection={<IconPlus size={16} />}>
            {t('timelogs.projects.add')}
          </Button>
        </Group>
      </PageHeader>

      {projects.isError && (
        <ErrorAlert title={t('timelogs.projects.loadFailed')}>{problemText(t, projects.error)}</ErrorAlert>
      )}

      {!projects.isError && (
        <Card withBorder radius="lg" padding={0}>
          {projects.isPending ? (
            <Center py="xl">
              <Spinner size="md" label={t('loading')} />
            </Center>
          ) : projects.data.length === 0 ? (
            <Stack align="center" gap="xs" py={48} px="md">
              <Text c="dimmed">{t('timelogs.projects.empty')}</Text>
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={300}>
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('timelogs.projects.name')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('timelogs.projects.startDate')}</Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      {t('timelogs.projects.tasks')}
                    </Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      {t('timelogs.projects.members')}
                    </Table.Th>
                    <Table.Th ta="right">{t('timelogs.projects.hours')}</Table.Th>
                    <ActionsHeader />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {projects.data?.map((project) => (
                    <Table.Tr key={project.id}>
                      <Table.Td>
                        <Anchor component={Link} to={href('timelogs', 'projectEdit', { id: project.id })}>
                          {project.name.length > 50 ? `${project.name.slice(0, 50)}...` : project.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{formatDate(project.startDate)}</Table.Td>
                      <Table.Td ta="right" visibleFrom="sm">
                        {project.taskCount}
                      </Table.Td>
                      <Table.Td ta="right" visibleFrom="sm">
                        {project.memberCount}
                      </Table.Td>
                      <Table.Td ta="right">{showHours(project.totalHours, i18n.language)}</Table.Td>
                      <Table.Td>
                        <RowActions
                          edit={{
                            tip: t('timelogs.projects.edit'),
                            label: t('timelogs.projects.editNamed', { name: project.name }),
                            to: href('timelogs', 'projectEdit', { id: project.id }),
                          }}
                          remove={{
                            tip: t('timelogs.projects.delete'),
                            label: t('timelogs.projects.deleteNamed', { name: project.name }),
                            onClick: () => setDeleting(project),
                          }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
