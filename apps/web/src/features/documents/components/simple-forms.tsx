import { DOCUMENT_LIMITS } from '@atrium/contracts';
import { Button, Card, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrorsOf, problemText } from '@/features/documents/api/problem-messages';
import type { FolderFields } from '@/features/documents/api/save-folder';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';

const required = (value: string) => (value.trim() ? null : 'required');

type Shared<V> = {
  initialValues: V;
  submit: (values: V) => Promise<unknown>;
  cancelHref: string;
};

/**
 * A documents form: its fields in a card, then a failed save's message and cancel / save. A valid submit
 * runs `save`; when that fails, the server's field errors go on the fields (`fieldErrors` may move them)
 * and its reason shows above the buttons.
 */
export function FormCard<V>({
  form,
  save,
  fieldErrors = (fields) => fields,
  failedTitle,
  cancelHref,
  children,
}: {
  form: UseFormReturnType<V>;
  save: (values: V) => Promise<unknown>;
  fieldErrors?: (fields: Record<string, string>) => Record<string, string | undefined>;
  failedTitle: string;
  cancelHref: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [submitError, setSubmitError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-busy={form.submitting}
      onSubmit={form.onSubmit(async (values) => {
        setSubmitError(null);
        try {
          await save(values);
        } catch (error) {
          form.setErrors(fieldErrors(fieldErrorsOf(t, error)));
          setSubmitError(problemText(t, error));
        }
      })}
    >
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          {children}
          {submitError && <ErrorAlert title={failedTitle}>{submitError}</ErrorAlert>}
          <FormButtons cancelHref={cancelHref} pending={form.submitting} />
        </Stack>
      </Card>
    </form>
  );
}

/** The document type form (name required, 'show on sidebar'); a failure shows the server's message. */
export function DocumentTypeForm({
  initialValues,
  submit,
  cancelHref,
  systemType = false,
}: Shared<{ name: string; isShownOnSideMenu: boolean }> & { systemType?: boolean }) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues,
    validate: { name: (v) => (required(v) ? t('documents.errors.required') : null) },
  });
  return (
    <FormCard
      form={form}
      save={(values) => submit({ ...values, name: values.name.trim() })}
      failedTitle={t('documents.types.saveFailed')}
      cancelHref={cancelHref}
    >
      <TextInput
        label={t('documents.types.name')}
        required
        maxLength={DOCUMENT_LIMITS.nameMax}
        readOnly={systemType}
        description={systemType ? t('documents.types.systemName') : undefined}
        {...form.getInputProps('name')}
      />
      <Checkbox
        label={t('documents.types.showOnSidebar')}
        {...form.getInputProps('isShownOnSideMenu', { type: 'checkbox' })}
      />
    </FormCard>
  );
}

/** The folder form: name required, and the parent folder (the choices leave out the folder and those below it). */
export function FolderForm({
  initialValues,
  submit,
  cancelHref,
  parents,
}: Shared<FolderFields> & { parents: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: initialValues.name, parentFolderId: initialValues.parentFolderId ?? '' },
    validate: { name: (v) => (required(v) ? t('documents.errors.required') : null) },
  });
  return (
    <FormCard
      form={form}
      save={(values) => submit({ name: values.name.trim(), parentFolderId: values.parentFolderId || null })}
      fieldErrors={(fields) => ({ ...fields, parentFolderId: fields.parentFolderId ?? fields.parentFolder })}
      failedTitle={t('documents.folders.saveFailed')}
      cancelHref={cancelHref}
    >
      <TextInput
        label={t('documents.folders.name')}
        required
        maxLength={DOCUMENT_LIMITS.nameMax}
        {...form.getInputProps('name')}
      />
      <Select
        label={t('documents.folders.parent')}
        placeholder={t('documents.folders.noParent')}
        clearable
        searchable
        data={parents.map((p) => ({ value: p.id, label: p.name }))}
        {...form.getInputProps('parentFolderId')}
        value={form.values.parentFolderId || null}
        onChange={(v) => form.setFieldValue('parentFolderId', v ?? '')}
      />
    </FormCard>
  );
}

export function FormButtons({
  cancelHref,
  pending,
  submitLabel,
}: {
  cancelHref: string;
  pending: boolean;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button component={Link} to={cancelHref} variant="default">
        {t('documents.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel ?? t('documents.save')}
      </Button>
    </Group>
  );
}
