import { cloneTenantBodySchema } from '@atrium/contracts';
import { Alert, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useCloneTenant } from '@/features/tenants/api/clone-tenant';
import { fieldErrorsOf, messageText, problemText } from '@/features/tenants/api/problem-messages';
import type { TenantRow } from '@/features/tenants/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

/** Clone: a new title for a copy of the tenant's settings, features and users (user groups are not copied). */
export function CloneTenantDialog({ tenant, onClose }: { tenant: TenantRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const clone = useCloneTenant();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another tenant is chosen
  useEffect(() => {
    if (tenant) {
      setTitle(t('tenants.clone.defaultTitle', { name: tenant.name }));
      setError(null);
      clone.reset();
    }
  }, [tenant]);

  const submit = () => {
    if (!tenant) return;
    const parsed = cloneTenantBodySchema.safeParse({ title });
    if (!parsed.success) {
      setError(messageText(t, parsed.error.issues[0]?.message ?? 'required'));
      return;
    }
    clone.mutate(
      { id: tenant.id, title: parsed.data.title },
      {
        onSuccess: (copy) => {
          notifications.show({ color: 'green', message: t('tenants.clone.done', { name: copy.name }) });
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      opened={!!tenant}
      onClose={onClose}
      title={t('tenants.clone.title', { name: tenant?.name ?? '' })}
      onSubmit={submit}
      submitLabel={t('tenants.clone.submit')}
      cancelLabel={t('tenants.cancel')}
      pending={clone.isPending}
      error={clone.isError && problemText(t, clone.error)}
      errorTitle={t('tenants.clone.failed')}
    >
      <TextInput
        label={t('tenants.clone.newTitle')}
        required
        withAsterisk
        value={title}
        // The server's refusal of the title (a name another tenant has) shows on the field too.
        error={error ?? (clone.isError ? fieldErrorsOf(t, clone.error).title : undefined)}
        onChange={(e) => {
          setTitle(e.currentTarget.value);
          setError(null);
        }}
      />
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
        <Text size="sm">{t('tenants.clone.noUserGroups')}</Text>
      </Alert>
    </FormDialog>
  );
}
