import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { problemText } from '@/features/clients/api/problem-messages';
import { Trans, useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

type Props = {
  /** The item's name, which the question names; null: closed. */
  name: string | null;
  title: string;
  /** What goes with it, under the question. */
  consequence?: ReactNode;
  pending: boolean;
  error: unknown;
  errorTitle: string;
  /** Confirming is held back (the consequence is still loading). */
  waiting?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Delete flow (spec part 2 §4): a confirmation that names the item; confirm deletes, cancel closes. */
export function ConfirmDeleteDialog({
  name,
  title,
  consequence,
  pending,
  error,
  errorTitle,
  waiting,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation();
  return (
    <FormDialog
      opened={name !== null}
      onClose={onClose}
      title={title}
      onSubmit={onConfirm}
      submitLabel={t('clients.delete.confirm')}
      cancelLabel={t('clients.cancel')}
      danger
      pending={pending}
      submitDisabled={waiting}
      error={error ? problemText(t, error) : null}
      errorTitle={errorTitle}
    >
      <Text>
        <Trans i18nKey="clients.delete.question" values={{ name: name ?? '' }} components={{ b: <strong /> }} />
      </Text>
      {consequence}
    </FormDialog>
  );
}
