import { contactBodySchema } from '@atrium/contracts';
import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { fieldErrorsOf, formPath, messageText, problemText } from '@/features/clients/api/problem-messages';
import type { ContactRow } from '@/features/clients/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';

export type ContactFormValues = { name: string; email: string; phoneNumber: string };
export type ContactFields = { name: string; email: string; phoneNumber: string | null };
const FIELDS = ['name', 'email', 'phoneNumber'] as const;

export const contactValues = (c: ContactRow | undefined): ContactFormValues => ({
  name: c?.name ?? '',
  email: c?.email ?? '',
  phoneNumber: c?.phoneNumber ?? '',
});

/** Name and email required, with no format check; phone optional (spec part 2 §5). */
export function validateContact(v: ContactFormValues): { body?: ContactFields; errors?: Record<string, string> } {
  const result = contactBodySchema.safeParse({ companyId: '00000000-0000-4000-8000-000000000000', ...v });
  if (result.success)
    return { body: { name: result.data.name, email: result.data.email, phoneNumber: result.data.phoneNumber } };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[formPath(issue.path.join('.'))] ??= issue.message;
  return { errors };
}

type Props = {
  initialValues: ContactFormValues;
  onCancel: () => void;
  submit: (body: ContactFields) => Promise<unknown>;
};

export function ContactForm({ initialValues, onCancel, submit }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<ContactFormValues>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => {
      const { errors } = validateContact(values);
      return errors ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, messageText(t, v)])) : {};
    },
  });
  const onValid = async () => {
    const { body } = validateContact(form.getValues());
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
  // An invalid submit marks every field touched and sends nothing (spec part 2 §5).
  const onInvalid = (errors: Record<string, unknown>) => {
    form.setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])));
    const first = Object.keys(errors)[0];
    if (first) document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
  };
  const field = (path: (typeof FIELDS)[number]) => ({ ...form.getInputProps(path), 'data-path': path });

  return (
    <form noValidate onSubmit={form.onSubmit(onValid, onInvalid)} aria-busy={form.submitting}>
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <TextInput
              label={t('clients.contacts.form.name')}
              required
              withAsterisk
              autoComplete="off"
              {...field('name')}
            />
            <TextInput
              label={t('clients.contacts.form.email')}
              required
              withAsterisk
              autoComplete="off"
              {...field('email')}
            />
            <TextInput
              label={t('clients.contacts.form.phone')}
              type="tel"
              autoComplete="off"
              {...field('phoneNumber')}
            />
          </Stack>
        </Card>
        {failure && (
          <ErrorAlert ref={alertRef} title={t('clients.contacts.form.submitFailed')}>
            {failure}
          </ErrorAlert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('clients.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('clients.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
