import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useDeleteTenant } from '@/features/tenants/api/delete-tenant';
import { problemText } from '@/features/tenants/api/problem-messages';
import type { TenantRow } from '@/features/tenants/api/types';
import { Trans, useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

/** Delete flow (spec part 1 §4): a confirmation naming the tenant; confirm deletes and refreshes, cancel closes. */
export function DeleteTenantDialog({ tenant, onClose }: { tenant: TenantRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteTenant();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question starts without the last error
  useEffect(() => {
    if (tenant) remove.reset();
  }, [tenant]);

  const confirm = () => {
    if (!tenant) return;
    remove.mutate(tenant.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('tenants.delete.done', { name: tenant.name }) });
        onClose();
      },
    });
  };

  return (
    <FormDialog
      opened={!!tenant}
      onClose={onClose}
      title={t('tenants.delete.title')}
      onSubmit={confirm}
      submitLabel={t('tenants.delete.confirm')}
      cancelLabel={t('tenants.cancel')}
      danger
      pending={remove.isPending}
      error={remove.isError && problemText(t, remove.error)}
      errorTitle={t('tenants.delete.failed')}
    >
      <Text>
        <Trans i18nKey="tenants.delete.question" values={{ name: tenant?.name ?? '' }} components={{ b: <strong /> }} />
      </Text>
      <Text size="sm" c="dimmed">
        {t('tenants.delete.consequence')}
      </Text>
    </FormDialog>
  );
}
