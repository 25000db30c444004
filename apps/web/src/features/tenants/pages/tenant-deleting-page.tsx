import { href } from '@atrium/contracts';
import { Button, Card, Group, List, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useDeleteTenant } from '@/features/tenants/api/delete-tenant';
import { useTenant } from '@/features/tenants/api/get-tenant';
import { problemText } from '@/features/tenants/api/problem-messages';
import { TenantLoadFailed } from '@/features/tenants/components/tenant-load-failed';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { featureTitle } from '@/shared/i18n/feature-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isRecordId, recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageLoader } from '@/shared/ui/page-loader';

/**
 * /deleting/{id}, the tenant row menu's deletion page (spec part 1 §2): the tenant, what goes with it,
 * one confirm button, progress while the server deletes, then back to /tenants. The row menu's Delete
 * action keeps its quick confirmation dialog (the spec names both); both use the same call.
 */
export default function TenantDeletingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const tenant = useTenant(isRecordId(id) ? id : null);
  const remove = useDeleteTenant();
  const name = tenant.data?.name ?? '';
  usePageTitle(name ? t('tenants.deleting.title', { name }) : t('tenants.delete.title'));
  useNotFoundWhen(recordMissing(id, tenant.error));

  if (tenant.isError) {
    return <TenantLoadFailed error={tenant.error} onRetry={() => void tenant.refetch()} />;
  }
  if (!tenant.data) return <PageLoader />;

  // As the tenant's menu names them: its own title, else the feature's name in the user's language.
  const features = tenant.data.features.map((f) => featureTitle(t, f));
  const confirm = () => {
    if (remove.isPending) return;
    remove.mutate(id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('tenants.delete.done', { name }) });
        navigate(href('tenants', 'list'), { replace: true });
      },
    });
  };

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} size="h2">
          {t('tenants.deleting.title', { name })}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('tenants.deleting.subtitle')}
        </Text>
      </div>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="red" variant="light" size="lg" radius="md" aria-hidden="true">
              <IconAlertTriangle size={20} />
            </ThemeIcon>
            <Title order={2} size="h4" id="deleting-goes">
              {t('tenants.deleting.goes')}
            </Title>
          </Group>
          <List spacing="xs" aria-labelledby="deleting-goes">
            <List.Item>{t('tenants.deleting.people', { count: tenant.data.countOfUsers })}</List.Item>
            <List.Item>
              {features.length
                ? t('tenants.deleting.modules', { count: features.length, names: features.join(', ') })
                : t('tenants.deleting.noModules')}
            </List.Item>
            <List.Item>{t('tenants.deleting.content')}</List.Item>
            <List.Item>{t('tenants.deleting.lists')}</List.Item>
          </List>

          {remove.isError && <ErrorAlert title={t('tenants.delete.failed')}>{problemText(t, remove.error)}</ErrorAlert>}
          {remove.isPending && (
            <Stack gap={6} role="status" aria-live="polite">
              <Text size="sm">{t('tenants.deleting.progress', { name })}</Text>
              <Progress
                value={100}
                animated
                striped
                color="red"
                aria-label={t('tenants.deleting.progress', { name })}
              />
            </Stack>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={href('tenants', 'list')} disabled={remove.isPending}>
              {t('tenants.cancel')}
            </Button>
            <Button color="red" leftSection={<IconTrash size={16} />} loading={remove.isPending} onClick={confirm}>
              {t('tenants.deleting.confirm')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
