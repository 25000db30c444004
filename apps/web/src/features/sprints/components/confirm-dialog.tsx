import { Text } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';
import { problemText } from '../api/problem-messages';

/** Asks before something is deleted for good: what goes with it, cancel or the red confirm. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  failedTitle,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  failedTitle: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      onSubmit={onConfirm}
      submitLabel={confirmLabel}
      cancelLabel={t('sprints.form.cancel')}
      pending={pending}
      danger
      error={error ? problemText(t, error) : null}
      errorTitle={failedTitle}
    >
      <Text size="sm">{text}</Text>
    </FormDialog>
  );
}
