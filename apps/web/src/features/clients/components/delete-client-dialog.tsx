import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useDeleteClient } from '@/features/clients/api/delete-client';
import { useClient } from '@/features/clients/api/get-client';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Spinner } from '@/shared/ui/spinner';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

/**
 * Deleting a client takes its contacts and locations with it: the confirmation loads the client afresh
 * and says how many, and only then may it be confirmed.
 */
export function DeleteClientDialog({
  client,
  onClose,
  onDeleted,
}: {
  client: { id: string; title: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteClient();
  const details = useClient(client?.id ?? null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question starts without the last error
  useEffect(() => {
    if (client) remove.reset();
  }, [client]);

  const counts = details.data;
  const consequence = details.isError ? null : counts ? (
    <Text size="sm" c="dimmed">
      {t('clients.delete.consequence', {
        contacts: t('clients.delete.contacts', { count: counts.contactsCount }),
        locations: t('clients.delete.locations', { count: counts.locationsCount }),
      })}
    </Text>
  ) : (
    <Spinner size="sm" label={t('clients.delete.counting')} />
  );

  return (
    <ConfirmDeleteDialog
      name={client?.title ?? null}
      title={t('clients.delete.title')}
      consequence={consequence}
      waiting={!counts && !details.isError}
      pending={remove.isPending}
      error={remove.error ?? details.error}
      errorTitle={t('clients.delete.failed')}
      onClose={onClose}
      onConfirm={() => {
        if (!client) return;
        remove.mutate(client.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('clients.delete.done', { name: client.title }) });
            onClose();
            onDeleted?.();
          },
        });
      }}
    />
  );
}
