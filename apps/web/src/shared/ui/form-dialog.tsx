import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { ErrorAlert } from './error-alert';

const FIELD = 'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/**
 * Marks where focus lands when the dialog opens (Mantine's focus trap looks for data-autofocus): the
 * first field, or with none the cancel button, the harmless choice of a confirmation. A child that
 * marks its own element keeps it.
 */
function markInitialFocus(form: HTMLFormElement | null) {
  if (!form || form.querySelector('[data-autofocus]')) return;
  const target = form.querySelector(FIELD) ?? form.querySelector('[data-form-dialog-cancel]');
  target?.setAttribute('data-autofocus', 'true');
}

export type FormDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Shown in the header; it is also the dialog's accessible name. */
  title: ReactNode;
  /** Runs from the submit button and from Enter in a field, never while pending or disabled. */
  onSubmit: () => void;
  submitLabel: ReactNode;
  cancelLabel: ReactNode;
  /** The call is running: the submit button spins and the form does not submit again. */
  pending?: boolean;
  /** Nothing to submit yet (for instance nothing chosen). */
  submitDisabled?: boolean;
  /** A destructive action: the submit button is red. */
  danger?: boolean;
  /** The failure shown above the buttons; nothing is shown while it is empty. */
  error?: ReactNode;
  errorTitle?: ReactNode;
  children: ReactNode;
};

/**
 * The one shell of a dialog that asks for something and submits it: title, fields, failure, cancel and
 * submit. Full screen at mobile width.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  onSubmit,
  submitLabel,
  cancelLabel,
  pending = false,
  submitDisabled = false,
  danger = false,
  error,
  errorTitle,
  children,
}: FormDialogProps) {
  const fullScreen = useIsMobile();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending && !submitDisabled) onSubmit();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={fullScreen} centered>
      <form noValidate onSubmit={submit} ref={markInitialFocus}>
        <Stack gap="md">
          {children}
          {error ? <ErrorAlert title={errorTitle}>{error}</ErrorAlert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-form-dialog-cancel>
              {cancelLabel}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={pending} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
