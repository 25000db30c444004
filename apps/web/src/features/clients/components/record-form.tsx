import { Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { fieldErrorsOf, messageText, problemText } from '@/features/clients/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { CancelAndSave } from '@/shared/ui/cancel-and-save';
import { ErrorAlert } from '@/shared/ui/error-alert';

type Validated<B> = { body?: B; errors?: Record<string, string> };

/**
 * The behaviour the client, contact and location forms share: validation on blur with the translated
 * messages, an invalid submit that marks every field touched, focuses the first and sends nothing
 * (spec part 2 §5), and a refused save that puts the server's field errors on the fields and its reason
 * in an alert that takes the focus.
 */
export function useRecordForm<V extends Record<string, unknown>, B, F extends string>({
  initialValues,
  validate,
  fields,
  submit,
}: {
  initialValues: V;
  validate: (values: V) => Validated<B>;
  fields: readonly F[];
  submit: (body: B) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => {
      const { errors } = validate(values);
      return errors ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, messageText(t, v)])) : {};
    },
  });
  const onValid = async () => {
    const { body } = validate(form.getValues());
    if (!body) return;
    setFailure(null);
    try {
      await submit(body);
    } catch (error) {
      form.setErrors(fieldErrorsOf(t, error));
      setFailure(problemText(t, error));
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };
  const onInvalid = (errors: Record<string, unknown>) => {
    form.setTouched(Object.fromEntries(fields.map((f) => [f, true])));
    const first = Object.keys(errors)[0];
    if (first) document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
  };
  /** A field's input props, with the data-path the invalid submit focuses by. */
  const field = (path: F) => ({ ...form.getInputProps(path), 'data-path': path });
  return { form, field, failure, alertRef, onSubmit: form.onSubmit(onValid, onInvalid) };
}

/** A form's end: the refused save's alert, an optional hint, then cancel and save. */
export function RecordFormFooter({
  failure,
  alertRef,
  failedTitle,
  submitting,
  cancel,
  hint,
}: {
  failure: string | null;
  alertRef: RefObject<HTMLDivElement | null>;
  failedTitle: string;
  submitting: boolean;
  /** Cancel goes back by this function, or else to this address. */
  cancel: (() => void) | string;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failure && (
        <ErrorAlert ref={alertRef} title={failedTitle}>
          {failure}
        </ErrorAlert>
      )}
      {hint}
      <Group justify="flex-end" gap="sm">
        <CancelAndSave
          cancel={cancel}
          cancelLabel={t('clients.cancel')}
          saveLabel={t('clients.form.save')}
          saving={submitting}
        />
      </Group>
    </>
  );
}
