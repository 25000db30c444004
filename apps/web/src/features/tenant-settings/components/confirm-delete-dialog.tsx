import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { problemText } from '@/features/tenant-settings/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

type Props = {
  /** What is about to go; null closes the dialog. */
  item: { id: string; name: string } | null;
  /** What else the deletion does (a team's members lose their team), said before it cannot be undone. */
  note?: string;
  onClose: () => void;
  remove: UseMutationResult<void, Error, string>;
};

/** Delete flow (spec part 2 §4): a confirmation naming the item; confirm deletes and reloads, cancel closes. */
export function ConfirmDeleteDialog({ item, note, onClose, remove }: Props) {
  const { t } = useTranslation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question starts without the last error
  useEffect(() => {
    if (item) remove.reset();
  }, [item?.id]);

  const confirm = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('tenantSettings.deleteDialog.done', { name: item.name }) });
        onClose();
      },
    });
  };

  return (
    <FormDialog
      opened={!!item}
      onClose={onClose}
      title={t('tenantSettings.deleteDialog.title', { name: item?.name ?? '' })}
      onSubmit={confirm}
      submitLabel={t('tenantSettings.delete')}
      cancelLabel={t('tenantSettings.cancel')}
      danger
      pending={remove.isPending}
      error={remove.isError && problemText(t, remove.error)}
      errorTitle={t('tenantSettings.deleteDialog.failed')}
    >
      {/* The title names the item and asks; the body only adds what follows. */}
      {note && <Text>{note}</Text>}
      <Text>{t('tenantSettings.deleteDialog.undone')}</Text>
    </FormDialog>
  );
}
