import { can, href, POLICIES } from '@atrium/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useTenant } from '@/features/tenants/api/get-tenant';
import { useTenantFeatures } from '@/features/tenants/api/get-tenant-features';
import { useSaveTenant } from '@/features/tenants/api/save-tenant';
import { TenantForm } from '@/features/tenants/components/tenant-form';
import { emptyTenantValues, valuesFromTenant } from '@/features/tenants/components/tenant-form-values';
import { TenantLoadFailed, TenantNotRun } from '@/features/tenants/components/tenant-load-failed';
import { useSession } from '@/shared/api/session';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isRecordId, recordMissing, tenantNotRun, useNotFoundWhen } from '@/shared/routing/not-found';
import { PageLoader } from '@/shared/ui/page-loader';

/** /tenants/new and /tenants/{id}: the tenant form. */
export default function TenantFormPage() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const session = useSession();
  const lookup = isNew || !isRecordId(id) ? null : id;
  const tenant = useTenant(lookup);
  const features = useTenantFeatures(lookup);
  const save = useSaveTenant();
  const title = isNew ? t('tenants.form.newTitle') : t('tenants.form.editTitle', { name: tenant.data?.name ?? '' });
  usePageTitle(isNew ? t('tenants.form.newTitle') : (tenant.data?.name ?? t('tenants.title')));
  const user = session.status === 'authenticated' ? session.user : undefined;
  const notRun = !isNew && tenantNotRun(user, id, tenant.error ?? features.error);
  useNotFoundWhen(!isNew && !notRun && recordMissing(id, tenant.error ?? features.error));

  const failed = [tenant, features].find((q) => q.isError);
  const loading = (!isNew && tenant.isPending) || features.isPending;
  const isSuperadmin = can(session.status === 'authenticated' ? session.user : null, POLICIES.superadmins);

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          {loading && !isNew ? t('tenants.title') : title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {isNew ? t('tenants.form.newSubtitle') : t('tenants.form.editSubtitle')}
        </Text>
      </div>
      {notRun ? (
        <TenantNotRun />
      ) : failed ? (
        <TenantLoadFailed error={failed.error} onRetry={() => void failed.refetch()} />
      ) : loading ? (
        <PageLoader />
      ) : (
        <TenantForm
          key={tenant.data?.id ?? 'new'}
          initialValues={tenant.data ? valuesFromTenant(tenant.data) : emptyTenantValues()}
          features={features.data ?? []}
          isSuperadmin={isSuperadmin}
          isNew={isNew}
          submit={async (body) => {
            const saved = await save.mutateAsync({ id: isNew ? null : id, body });
            notifications.show({ color: 'green', message: t('tenants.form.saved', { name: saved.name }) });
            navigate(href('tenants', 'list'));
          }}
        />
      )}
    </Stack>
  );
}
