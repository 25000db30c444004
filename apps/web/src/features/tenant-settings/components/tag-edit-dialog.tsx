import { TENANT_LIST_LIMITS, type TenantListEntry } from '@atrium/contracts';
import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { fieldErrorsOf, problemText } from '@/features/tenant-settings/api/problem-messages';
import { useUpdateTag } from '@/features/tenant-settings/api/update-tag';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

type Props = { tenantId: string; tag: TenantListEntry | null; onClose: () => void };

/** Tag edit (spec part 2 §4): the modal saves the whole tag, closes and the list reloads; cancel closes. */
export function TagEditDialog({ tenantId, tag, onClose }: Props) {
  const { t } = useTranslation();
  const update = useUpdateTag();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the tag as it is
  useEffect(() => {
    if (tag) {
      setTitle(tag.title ?? '');
      setError(null);
      update.reset();
    }
  }, [tag]);

  const save = () => {
    if (!tag) return;
    const trimmed = title.trim();
    if (!trimmed) {
      setError(t('tenantSettings.errors.required'));
      return;
    }
    update.mutate(
      { id: tenantId, tag: { id: tag.id, title: trimmed, createdAt: tag.createdAt } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('tenantSettings.lists.tags.saved', { name: trimmed }) });
          onClose();
        },
        onError: (err) => setError(fieldErrorsOf(t, err).title ?? null),
      },
    );
  };

  const fieldError = error ?? undefined;
  return (
    <FormDialog
      opened={!!tag}
      onClose={onClose}
      title={t('tenantSettings.lists.tags.editTitle', { name: tag?.title ?? '' })}
      onSubmit={save}
      submitLabel={t('tenantSettings.save')}
      cancelLabel={t('tenantSettings.cancel')}
      pending={update.isPending}
      error={update.isError && !fieldError && problemText(t, update.error)}
      errorTitle={t('tenantSettings.lists.tags.saveFailed')}
    >
      <TextInput
        label={t('tenantSettings.lists.tags.field')}
        required
        value={title}
        maxLength={TENANT_LIST_LIMITS.nameMax}
        onChange={(e) => {
          setTitle(e.currentTarget.value);
          setError(null);
        }}
        error={fieldError}
      />
    </FormDialog>
  );
}
