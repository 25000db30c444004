import { Checkbox, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { DateField } from '@/shared/ui/date-field';
import { FormDialog } from '@/shared/ui/form-dialog';
import { RichTextField } from '@/shared/ui/rich-text-field';
import type { CollaborationDetail } from '../api/keys';
import { fieldErrorsOf, problemText } from '../api/problem-messages';
import { useSaveCollaboration } from '../api/save-collaboration';

type Values = { title: string; description: string | null; startsOn: string; endsOn: string; closed: boolean };

const valuesOf = (c: CollaborationDetail | null): Values => ({
  title: c?.title ?? '',
  description: c?.description ?? null,
  startsOn: c?.startsOn ?? '',
  endsOn: c?.endsOn ?? '',
  closed: c?.status === 'closed',
});

/** Creates a collaboration (administrators) or edits one (its owner, administrators). */
export function CollaborationFormDialog({
  opened,
  collaboration,
  onClose,
  onSaved,
}: {
  opened: boolean;
  /** The one to edit; null for a new one. */
  collaboration: CollaborationDetail | null;
  onClose: () => void;
  onSaved?: (saved: CollaborationDetail) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCollaboration(collaboration?.id ?? null);
  const [values, setValues] = useState<Values>(() => valuesOf(collaboration));
  const [touched, setTouched] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a dialog opened afresh starts from the record
  useEffect(() => {
    if (opened) {
      setValues(valuesOf(collaboration));
      setTouched(false);
      save.reset();
    }
  }, [opened]);

  const errors = fieldErrorsOf(t, save.error);
  const titleError = touched && !values.title.trim() ? t('sprints.errors.required') : errors.title;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    setTouched(true);
    if (!values.title.trim()) return;
    save.mutate(
      {
        title: values.title.trim(),
        description: values.description || null,
        startsOn: values.startsOn || null,
        endsOn: values.endsOn || null,
        closed: values.closed,
      },
      { onSuccess: (saved) => onSaved?.(saved) },
    );
  };

  const otherError = save.error && !Object.keys(errors).length ? problemText(t, save.error) : null;
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={collaboration ? t('sprints.form.editTitle') : t('sprints.form.newTitle')}
      onSubmit={submit}
      submitLabel={collaboration ? t('sprints.form.save') : t('sprints.form.create')}
      cancelLabel={t('sprints.form.cancel')}
      pending={save.isPending}
      error={otherError}
      errorTitle={t('sprints.form.saveFailed')}
    >
      <TextInput
        label={t('sprints.form.title')}
        required
        value={values.title}
        onChange={(e) => set('title', e.currentTarget.value)}
        error={titleError}
        maxLength={200}
      />
      <RichTextField
        label={t('sprints.form.description')}
        description={t('sprints.form.descriptionHint')}
        value={values.description}
        onChange={(html) => set('description', html)}
        error={errors.description}
        formats={['marks', 'lists', 'history']}
      />
      <Text size="sm" c="dimmed" mb={-8}>
        {t('sprints.form.datesHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField
          label={t('sprints.form.startsOn')}
          value={values.startsOn}
          onChange={(v) => set('startsOn', v)}
          error={errors.startsOn}
          clearable
        />
        <DateField
          label={t('sprints.form.endsOn')}
          value={values.endsOn}
          onChange={(v) => set('endsOn', v)}
          error={errors.endsOn}
          minDate={values.startsOn || undefined}
          clearable
        />
      </SimpleGrid>
      {collaboration && (
        <Checkbox
          label={t('sprints.form.closed')}
          description={t('sprints.form.closedHint')}
          checked={values.closed}
          onChange={(e) => set('closed', e.currentTarget.checked)}
        />
      )}
    </FormDialog>
  );
}
