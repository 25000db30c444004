import { MultiSelect, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';
import { RichTextField } from '@/shared/ui/rich-text-field';
import { useTags } from '../api/get-tags';
import { useSaveIdea } from '../api/ideas';
import type { IdeaRow } from '../api/keys';
import { fieldErrorsOf, problemText } from '../api/problem-messages';

type Values = { title: string; description: string | null; tagIds: string[] };

/** Adds an idea to a collaboration, or edits one's own. */
export function IdeaFormDialog({
  opened,
  collaborationId,
  idea,
  onClose,
}: {
  opened: boolean;
  collaborationId: string;
  /** The idea to edit; null for a new one. */
  idea: IdeaRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveIdea(collaborationId);
  const tags = useTags();
  const initial = (): Values => ({
    title: idea?.title ?? '',
    description: idea?.description ?? null,
    tagIds: idea?.tags.map((tag) => tag.id) ?? [],
  });
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a dialog opened afresh starts from the idea
  useEffect(() => {
    if (opened) {
      setValues(initial());
      setTouched(false);
      save.reset();
    }
  }, [opened]);

  const errors = fieldErrorsOf(t, save.error);
  const titleError = touched && !values.title.trim() ? t('sprints.errors.required') : errors.title;
  const submit = () => {
    setTouched(true);
    if (!values.title.trim()) return;
    save.mutate(
      {
        ideaId: idea?.id ?? null,
        body: { title: values.title.trim(), description: values.description || null, tagIds: values.tagIds },
      },
      { onSuccess: onClose },
    );
  };
  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.title }));
  const otherError = save.error && !Object.keys(errors).length ? problemText(t, save.error) : null;

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={idea ? t('sprints.ideaForm.editTitle') : t('sprints.ideaForm.newTitle')}
      onSubmit={submit}
      submitLabel={idea ? t('sprints.ideaForm.save') : t('sprints.ideaForm.create')}
      cancelLabel={t('sprints.form.cancel')}
      pending={save.isPending}
      error={otherError}
      errorTitle={t('sprints.ideaForm.saveFailed')}
    >
      <TextInput
        label={t('sprints.ideaForm.title')}
        required
        value={values.title}
        onChange={(e) => {
          const title = e.currentTarget.value;
          setValues((v) => ({ ...v, title }));
        }}
        error={titleError}
        maxLength={200}
      />
      <RichTextField
        label={t('sprints.ideaForm.description')}
        value={values.description}
        onChange={(html) => setValues((v) => ({ ...v, description: html }))}
        error={errors.description}
        formats={['marks', 'lists']}
      />
      <MultiSelect
        label={t('sprints.ideaForm.tags')}
        description={tagOptions.length ? t('sprints.ideaForm.tagsHint') : t('sprints.ideaForm.noTags')}
        data={tagOptions}
        value={values.tagIds}
        onChange={(tagIds) => setValues((v) => ({ ...v, tagIds }))}
        disabled={!tagOptions.length}
        error={errors.tagIds}
        searchable
        clearable
        maxValues={10}
        comboboxProps={{ withinPortal: true }}
      />
    </FormDialog>
  );
}
