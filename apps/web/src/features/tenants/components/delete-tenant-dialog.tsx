import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useDeleteTenant } from '@/features/tenants/api/delete-tenant';
import { problemText } from '@/features/tenants/api/problem-messages';
import type { TenantRow } from '@/features/tenants/api/types';
import { ErrorAlert } from '@/shared/ui/error-alert';

/** Delete flow (spec part 1 §4): a confirmation naming the tenant; confirm deletes and refreshes, cancel closes. */
export function DeleteTenantDialog({ tenant, onClose }: { tenant: TenantRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 768px)');
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
    <Modal opened={!!tenant} onClose={onClose} title={t('tenants.delete.title')} fullScreen={fullScreen} centered>
      <Stack gap="md">
        <Text>
          <Trans
            i18nKey="tenants.delete.question"
            values={{ name: tenant?.name ?? '' }}
            components={{ b: <strong /> }}
          />
        </Text>
        <Text size="sm" c="dimmed">
          {t('tenants.delete.consequence')}
        </Text>
        {remove.isError && <ErrorAlert title={t('tenants.delete.failed')}>{problemText(t, remove.error)}</ErrorAlert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('tenants.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            {t('tenants.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
