import { href } from '@atrium/contracts';
import { Button, Group, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTenantName } from '@/features/tenant-settings/api/get-tenant-name';
import { problemText } from '@/features/tenant-settings/api/problem-messages';
import { useSession } from '@/shared/api/session';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { recordMissing, tenantNotRun, useNotFoundWhen } from '@/shared/routing/not-found';
import { CancelAndSave } from '@/shared/ui/cancel-and-save';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { Heading } from '@/shared/ui/heading';
import { QueriesPageFrame } from '@/shared/ui/queries-page-frame';

/** A tenant settings page: heading, then its loading, failed or loaded state. */
export function SettingsPageFrame(props: {
  title: string;
  subtitle: string;
  queries: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueriesPageFrame {...props} failedTitle={t('tenantSettings.loadFailed')} describe={(e) => problemText(t, e)} />
  );
}

/**
 * A settings page of one tenant (/tenants/{page}/{id}): its title, a subtitle naming the tenant, and
 * what `children` draws once the tenant's name and `record` have loaded; not found when either is.
 */
export function TenantRecordPage<T>({
  tenantId,
  title,
  subtitle,
  record,
  children,
}: {
  tenantId: string;
  title: string;
  subtitle: (tenantName: string) => string;
  record: UseQueryResult<T>;
  children: (data: T, tenantName: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const name = useTenantName(tenantId);
  usePageTitle(title);
  const user = session.status === 'authenticated' ? session.user : undefined;
  const notRun = tenantNotRun(user, tenantId, name.error ?? record.error);
  useNotFoundWhen(!notRun && recordMissing(tenantId, name.error ?? record.error));
  if (notRun) {
    return (
      <Stack gap="lg">
        <Heading level={1} title={title} />
        <ErrorAlert title={t('tenantSettings.errors.notFound')}>
          <Button size="xs" variant="default" component={Link} to={href('tenants', 'list')}>
            {t('tenantSettings.backToTenants')}
          </Button>
        </ErrorAlert>
      </Stack>
    );
  }
  return (
    <SettingsPageFrame title={title} subtitle={subtitle(name.data ?? '')} queries={[name, record]}>
      {record.data !== undefined && children(record.data, name.data ?? '')}
    </SettingsPageFrame>
  );
}

/** A settings form's end: cancel (back to the tenants) and save. */
export function SettingsFormActions({ saving, disabled }: { saving: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <CancelAndSave
        cancel={href('tenants', 'list')}
        cancelLabel={t('tenantSettings.cancel')}
        saveLabel={t('tenantSettings.save')}
        saving={saving}
        disabled={disabled}
      />
    </Group>
  );
}
