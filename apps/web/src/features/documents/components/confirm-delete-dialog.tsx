import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { problemText } from '@/features/documents/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

type Props = {
  /** What is about to go; null closes the dialog. */
  item: { id: string; name: string } | null;
  onClose: () => void;
  remove: UseMutationResult<void, Error, string>;
  /** What else deleting it does, said under the question. */
  note?: string;
};

/** Delete flow (spec part 2 §4): a confirmation naming the item; confirm deletes and reloads, cancel closes. */
export function ConfirmDeleteDialog({ item, onClose, remove, note }: Props) {
  const { t } = useTranslation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question starts without the last error
  useEffect(() => {
    if (item) remove.reset();
  }, [item]);

  const confirm = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('documents.deleteDialog.done', { name: item.name }) });
        onClose();
      },
    });
  };

  return (
    <FormDialog
      opened={!!item}
      onClose={onClose}
      title={t('documents.deleteDialog.title', { name: item?.name ?? '' })}
      onSubmit={confirm}
      submitLabel={t('documents.delete')}
      cancelLabel={t('documents.cancel')}
      danger
      pending={remove.isPending}
      error={remove.isError && problemText(t, remove.error)}
      errorTitle={t('documents.deleteDialog.failed')}
    >
      {/* The title names the item and asks; the body only adds what follows. */}
      <Text>{t('documents.deleteDialog.undone')}</Text>
      {note && <Text size="sm">{note}</Text>}
    </FormDialog>
  );
}
