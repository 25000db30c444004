import { href } from '@atrium/contracts';
import { Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTenantName } from '@/features/tenant-settings/api/get-tenant-name';
import { problemText } from '@/features/tenant-settings/api/problem-messages';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { CancelAndSave } from '@/shared/ui/cancel-and-save';
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
  const name = useTenantName(tenantId);
  usePageTitle(title);
  useNotFoundWhen(recordMissing(tenantId, name.error ?? record.error));
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
