import { contactBodySchema } from '@atrium/contracts';
import { Card, Stack, TextInput } from '@mantine/core';
import { formPath } from '@/features/clients/api/problem-messages';
import type { ContactRow } from '@/features/clients/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';
import { RecordFormFooter, useRecordForm } from './record-form';

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
  const { field, failure, alertRef, form, onSubmit } = useRecordForm({
    initialValues,
    validate: validateContact,
    fields: FIELDS,
    submit,
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={form.submitting}>
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
        <RecordFormFooter
          failure={failure}
          alertRef={alertRef}
          failedTitle={t('clients.contacts.form.submitFailed')}
          submitting={form.submitting}
          cancel={onCancel}
        />
      </Stack>
    </form>
  );
}
