import { DOCUMENT_LIMITS } from '@atrium/contracts';
import { FileInput, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormCard } from './simple-forms';

export type DocumentFormValues = { title: string; documentTypeId: string; file: File | null };

export type DocumentFormProps = {
  initialValues: DocumentFormValues;
  types: { id: string; name: string }[];
  /** The file is required (a new document, or one whose record exists without a file). */
  fileRequired: boolean;
  /** The name of the file the document has now, if any. */
  currentFileName?: string | null;
  /** Saves the record and then the file; reports the upload's progress (0..1). */
  submit: (values: DocumentFormValues, onProgress: (fraction: number) => void) => Promise<unknown>;
  cancelHref: string;
};

/**
 * The document form (spec part 2 §5): title and type required, the file too on create. An invalid submit
 * marks every field and sends nothing. The upload's progress shows under the file.
 */
export function DocumentForm({
  initialValues,
  types,
  fileRequired,
  currentFileName,
  submit,
  cancelHref,
}: DocumentFormProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<DocumentFormValues>({
    mode: 'controlled',
    initialValues,
    validate: {
      title: (v) => (v.trim() ? null : t('documents.errors.required')),
      documentTypeId: (v) => (v ? null : t('documents.errors.required')),
      file: (v) => (fileRequired && !v ? t('documents.errors.fileRequired') : null),
    },
  });

  return (
    <FormCard
      form={form}
      save={async (values) => {
        setProgress(null);
        try {
          await submit({ ...values, title: values.title.trim() }, setProgress);
        } catch (error) {
          setProgress(null);
          throw error;
        }
      }}
      failedTitle={t('documents.form.saveFailed')}
      cancelHref={cancelHref}
    >
      <TextInput
        label={t('documents.form.title')}
        required
        maxLength={DOCUMENT_LIMITS.titleMax}
        {...form.getInputProps('title')}
      />
      <Select
        label={t('documents.form.type')}
        required
        searchable
        allowDeselect={false}
        data={types.map((type) => ({ value: type.id, label: type.name }))}
        {...form.getInputProps('documentTypeId')}
        value={form.values.documentTypeId || null}
        onChange={(v) => form.setFieldValue('documentTypeId', v ?? '')}
      />
      <FileInput
        label={t('documents.form.file')}
        description={
          currentFileName
            ? t('documents.form.currentFile', { name: currentFileName })
            : t('documents.form.fileHint', { mb: Math.round(DOCUMENT_LIMITS.defaultMaxBytes / 1024 / 1024) })
        }
        placeholder={t('documents.form.choose')}
        required={fileRequired}
        clearable
        leftSection={<IconFileUpload size={16} />}
        {...form.getInputProps('file')}
      />
      {progress !== null && (
        <Stack gap={4}>
          <Progress
            value={Math.round(progress * 100)}
            aria-label={t('documents.form.progress')}
            size="lg"
            striped
            animated={progress < 1}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('documents.form.uploaded', { percent: Math.round(progress * 100) })}
          </Text>
        </Stack>
      )}
    </FormCard>
  );
}
