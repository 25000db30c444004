import { cutName, href, MAIL_SETTINGS_SORTS } from '@atrium/contracts';
import { Badge, Button, Card, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailOff, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDeleteMailSettings } from '@/features/mail-settings/api/delete-mail-settings';
import { MAIL_SETTINGS_PAGE_SIZE, useMailSettingsList } from '@/features/mail-settings/api/get-mail-settings-list';
import { useTenantName } from '@/features/mail-settings/api/get-tenant-name';
import { problemText } from '@/features/mail-settings/api/problem-messages';
import { useTestMailSettings } from '@/features/mail-settings/api/test-mail-settings';
import type { MailSettingsRow, MailSettingsSort } from '@/features/mail-settings/api/types';
import { MailSettingsRowMenu } from '@/features/mail-settings/components/mail-settings-row-menu';
import { formatDateTime } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListFrame } from '@/shared/list/list-frame';
import { ActionsHeader } from '@/shared/list/list-parts';
import { ListPager, ListToolbar, SortHeader } from '@/shared/list/list-toolbar';
import { useListLayout } from '@/shared/list/use-list-layout';
import { useLastPageFollow, useListParams } from '@/shared/list/use-list-params';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { LoadFailed } from '@/shared/ui/load-failed';
import { PageLoader } from '@/shared/ui/page-loader';

/** Asks before deleting, naming the settings item. */
function ConfirmDelete({
  row,
  tenantId,
  onClose,
}: {
  row: MailSettingsRow | null;
  tenantId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteMailSettings();
  const confirm = () => {
    if (!row) return;
    remove.mutate(
      { tenantId, id: row.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('mailSettings.list.deleted', { title: row.title }) });
          onClose();
        },
        onError: (err) =>
          notifications.show({
            color: 'red',
            title: t('mailSettings.list.deleteFailed'),
            message: problemText(t, err),
          }),
      },
    );
  };
  return (
    <Modal opened={!!row} onClose={onClose} title={t('mailSettings.list.deleteTitle')} centered>
      <Stack gap="md">
        <Text>{t('mailSettings.list.deleteText', { title: row?.title ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('mailSettings.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {t('mailSettings.list.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /tenants/emails/{id}: a tenant's mail-sending settings, searchable, sortable and paged, with edit,
 * delete and test.
 */
export default function MailSettingsPage() {
  const { t } = useTranslation();
  const { id: tenantId = '' } = useParams();
  usePageTitle(t('mailSettings.list.title'));
  const list = useListParams<MailSettingsSort>(MAIL_SETTINGS_SORTS, 'createdAt', {
    take: MAIL_SETTINGS_PAGE_SIZE,
    direction: 'desc',
  });
  const { params, setPage } = list;
  const name = useTenantName(tenantId);
  const settings = useMailSettingsList(tenantId, params);
  const test = useTestMailSettings();
  const { wide } = useListLayout();
  const [deleting, setDeleting] = useState<MailSettingsRow | null>(null);
  useNotFoundWhen(recordMissing(tenantId, name.error ?? settings.error));

  const runTest = (row: MailSettingsRow) => {
    test.mutate(
      { tenantId, id: row.id },
      {
        onSuccess: (result) =>
          result.ok
            ? notifications.show({ color: 'green', message: t('mailSettings.list.testSent', { to: result.sentTo }) })
            : notifications.show({
                color: 'red',
                autoClose: false,
                title: t('mailSettings.list.testFailed'),
                message: t(
                  result.unreachable ? 'mailSettings.list.testUnreachable' : 'mailSettings.list.testFailedReason',
                  {
                    reason: result.reason ?? '',
                  },
                ),
              }),
        onError: (err) =>
          notifications.show({ color: 'red', title: t('mailSettings.list.testFailed'), message: problemText(t, err) }),
      },
    );
  };
  const testingId = test.isPending ? test.variables?.id : undefined;
  const tenantName = name.data ?? '';
  const data = settings.data;
  const pages = useLastPageFollow(data, settings.isPlaceholderData, params.page, setPage);
  const rows = data?.data;
  const addHref = href('tenant-settings', 'emailNew', { tenantId });

  const menu = (row: MailSettingsRow) => (
    <MailSettingsRowMenu row={row} onDelete={setDeleting} onTest={runTest} testing={testingId === row.id} />
  );

  let body: ReactNode;
  if (settings.isError) {
    body = (
      <LoadFailed
        title={t('mailSettings.loadFailed')}
        message={problemText(t, settings.error)}
        onRetry={() => void settings.refetch()}
      />
    );
  } else if (!rows) {
    body = <PageLoader />;
  } else if (rows.length === 0) {
    body = (
      <Card withBorder padding="xl">
        <Stack align="center" gap="xs" ta="center">
          <IconMailOff size={32} aria-hidden="true" />
          <Text fw={600}>{params.search ? t('mailSettings.list.noMatch') : t('mailSettings.list.empty')}</Text>
          {!params.search && (
            <Text c="dimmed" size="sm">
              {t('mailSettings.list.emptyText', { name: tenantName })}
            </Text>
          )}
        </Stack>
      </Card>
    );
  } else if (wide) {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <SortHeader
                label={t('mailSettings.list.columnTitle')}
                column="title"
                sorting={params}
                onSort={list.onSort}
              />
              <SortHeader
                label={t('mailSettings.list.columnCreated')}
                column="createdAt"
                sorting={params}
                onSort={list.onSort}
              />
              <ActionsHeader w={80} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text title={row.title}>{cutName(row.title)}</Text>
                    {row.useForSystemMails && (
                      <Badge variant="light" size="sm">
                        {t('mailSettings.list.systemMails')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                <Table.Td ta="right">{menu(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Card key={row.id} component="li" withBorder padding="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={600} title={row.title} style={{ overflowWrap: 'anywhere' }}>
                  {cutName(row.title)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('mailSettings.list.created', { date: formatDateTime(row.createdAt) })}
                </Text>
                {row.useForSystemMails && (
                  <Badge variant="light" size="sm">
                    {t('mailSettings.list.systemMails')}
                  </Badge>
                )}
              </Stack>
              {menu(row)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <ListFrame
      title={t('mailSettings.list.title')}
      subtitle={
        data && !params.search
          ? t('mailSettings.list.total', { count: data.total, name: tenantName })
          : t('mailSettings.list.subtitle', { name: tenantName })
      }
      actions={(fullWidth) => (
        <Button component={Link} to={addHref} leftSection={<IconPlus size={16} />} fullWidth={fullWidth}>
          {t('mailSettings.list.add')}
        </Button>
      )}
    >
      <ListToolbar
        list={list}
        searchLabel={t('mailSettings.list.search')}
        sortBy={[
          { column: 'createdAt', date: true },
          { column: 'title', name: t('mailSettings.list.columnTitle') },
        ]}
      />
      {body}
      {!settings.isError && <ListPager data={data} page={params.page} pages={pages} onPage={setPage} />}
      <ConfirmDelete row={deleting} tenantId={tenantId} onClose={() => setDeleting(null)} />
    </ListFrame>
  );
}
