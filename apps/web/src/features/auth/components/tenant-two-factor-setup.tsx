import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { twoFactorProblem } from '@/features/auth/api/two-factor';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useEnableTwoFactor, useStartTwoFactorSetup } from '@/shared/two-factor/api';
import { RecoveryCodes } from '@/shared/two-factor/recovery-codes';
import { SetupPanel } from '@/shared/two-factor/setup-panel';
import { cardPageTitleClass } from '@/shared/ui/card-page';
import { ErrorAlert } from '@/shared/ui/error-alert';

/**
 * The setup a chosen tenant requires, for someone already signed in (a member of several tenants who
 * picks one that requires two-factor sign-in): as at sign-in, the QR code and the first code, then the
 * recovery codes; `onDone` enters the tenant, `onCancel` goes back to the choice.
 */
export function TenantTwoFactorSetup({
  tenantName,
  onDone,
  onCancel,
}: {
  tenantName: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartTwoFactorSetup();
  const confirm = useEnableTwoFactor();
  const { mutate: begin } = start;
  useEffect(() => begin(), [begin]);

  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Title order={1} className={cardPageTitleClass}>
          {t('twoFactor.setupRequiredTitle')}
        </Title>
        <Text c="dimmed" size="md">
          {t('twoFactor.tenantRequiresText', { tenant: tenantName })}
        </Text>
      </Stack>
      {start.isError && <ErrorAlert title={t('twoFactor.setupFailed')}>{twoFactorProblem(t, start.error)}</ErrorAlert>}
      {start.isPending && (
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('twoFactor.loadingSetup')}</Text>
        </Stack>
      )}
      {confirm.data ? (
        <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={onDone} />
      ) : (
        start.data && (
          <SetupPanel
            idPrefix="tenant-two-factor"
            stacked
            setup={start.data}
            pending={confirm.isPending}
            error={confirm.isError ? twoFactorProblem(t, confirm.error) : undefined}
            onConfirm={(code) => confirm.mutate(code)}
          />
        )
      )}
      {!confirm.data && (
        <Anchor component="button" type="button" size="sm" onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
          {t('twoFactor.chooseAnotherTenant')}
        </Anchor>
      )}
    </Stack>
  );
}
