import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { problemText } from '@/features/profile/api/problem-messages';
import {
  twoFactorKey,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '@/features/profile/api/two-factor';
import { formatDate } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { CodeInput } from '@/shared/two-factor/code-input';
import { RecoveryCodes } from '@/shared/two-factor/recovery-codes';
import { SetupPanel } from '@/shared/two-factor/setup-panel';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { LoadFailed } from '@/shared/ui/load-failed';
import classes from './form-actions.module.css';

type Stage = 'idle' | 'setup' | 'codes' | 'disabling';

/**
 * /profile/edit's two-factor section: turning an authenticator app on (QR code and key, a first code,
 * then the recovery codes, each shown once) and off again (password and a code).
 */
export function TwoFactorSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus();
  const [stage, setStage] = useState<Stage>('idle');
  const [done, setDone] = useState<'on' | 'off' | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKey });

  const start = useStartTwoFactorSetup({ onSuccess: () => setStage('setup') });
  const enable = useEnableTwoFactor({
    onSuccess: (result) => {
      setRecoveryCodes(result.recoveryCodes);
      setStage('codes');
      void refresh();
    },
  });
  const disable = useDisableTwoFactor({
    onSuccess: () => {
      setStage('idle');
      setDone('off');
      setPassword('');
      setCode('');
      void refresh();
    },
  });
  const failure = [start, enable, disable].find((m) => m.isError);

  let body: ReactNode;
  if (status.isPending) {
    body = <Text size="sm">{t('loading')}</Text>;
  } else if (status.isError) {
    body = (
      <LoadFailed
        title={t('profile.twoFactorLoadFailed')}
        message={problemText(t, status.error)}
        onRetry={() => void status.refetch()}
      />
    );
  } else if (stage === 'setup' && start.data) {
    body = (
      <Stack gap="md">
        <SetupPanel
          idPrefix="profile-two-factor"
          setup={start.data}
          pending={enable.isPending}
          error={enable.isError ? problemText(t, enable.error) : undefined}
          onConfirm={(value) => enable.mutate(value)}
        />
        {/* A change of mind: back to 'off' (the unconfirmed key turns nothing on). */}
        <div className={classes.actions}>
          <Button
            variant="default"
            disabled={enable.isPending}
            onClick={() => {
              enable.reset();
              setStage('idle');
            }}
          >
            {t('profile.cancel')}
          </Button>
        </div>
      </Stack>
    );
  } else if (stage === 'codes') {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes([]);
          setStage('idle');
          setDone('on');
        }}
      />
    );
  } else if (status.data.enabled) {
    body = (
      <Stack gap="md">
        <Text size="sm">
          {t('profile.twoFactorOnSince', {
            date: formatDate(status.data.enabledAt ?? ''),
            left: status.data.recoveryCodesLeft,
          })}
        </Text>
        {status.data.rememberedDevices > 0 && (
          <Text size="sm" c="dimmed">
            {t('profile.twoFactorDevices', { count: status.data.rememberedDevices })}
          </Text>
        )}
        {stage === 'disabling' ? (
          <form
            noValidate
            aria-busy={disable.isPending}
            onSubmit={(event) => {
              event.preventDefault();
              if (!disable.isPending && password && code) disable.mutate({ password, code });
            }}
          >
            <Stack gap="sm">
              <Text size="sm">{t('profile.twoFactorTurnOffText')}</Text>
              <PasswordInput
                label={t('profile.currentPassword')}
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                maw={360}
              />
              <div style={{ maxWidth: 360 }}>
                <CodeInput
                  id="profile-two-factor-off-code"
                  recovery
                  label={t('profile.twoFactorCodeOrRecovery')}
                  value={code}
                  onChange={setCode}
                />
              </div>
              <Group gap="sm" className={classes.actions}>
                <Button variant="default" onClick={() => setStage('idle')}>
                  {t('profile.cancel')}
                </Button>
                <Button type="submit" color="red" loading={disable.isPending} disabled={!password || !code}>
                  {t('profile.twoFactorTurnOffConfirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <div className={classes.actions}>
            <Button
              variant="default"
              disabled={disabled}
              onClick={() => {
                setDone(null);
                disable.reset();
                setStage('disabling');
              }}
            >
              {t('profile.twoFactorTurnOff')}
            </Button>
          </div>
        )}
      </Stack>
    );
  } else {
    body = (
      <div className={classes.actions}>
        <Button
          leftSection={<IconShieldLock size={18} />}
          loading={start.isPending}
          disabled={disabled || start.isPending}
          onClick={() => {
            setDone(null);
            enable.reset();
            start.mutate();
          }}
        >
          {t('profile.twoFactorTurnOn')}
        </Button>
      </div>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-two-factor-title">
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <Title order={2} size="h4" id="profile-two-factor-title">
              {t('twoFactor.title')}
            </Title>
            {status.data && (
              <Badge
                color={status.data.enabled ? 'teal' : 'gray'}
                variant="light"
                aria-label={`${t('profile.twoFactorStatusLabel')}: ${t(status.data.enabled ? 'profile.twoFactorOn' : 'profile.twoFactorOff')}`}
              >
                {t(status.data.enabled ? 'profile.twoFactorOn' : 'profile.twoFactorOff')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('twoFactor.intro')}
          </Text>
        </Stack>
        {disabled && (
          <Text size="sm" c="dimmed">
            {t('profile.twoFactorImpersonating')}
          </Text>
        )}
        {failure && stage !== 'setup' && (
          <ErrorAlert title={t('profile.twoFactorFailed')}>{problemText(t, failure.error)}</ErrorAlert>
        )}
        {done && (
          <Alert role="status" color="teal" variant="light" icon={<IconCircleCheck size={20} />}>
            {t(done === 'on' ? 'profile.twoFactorOnDone' : 'profile.twoFactorOffDone')}
          </Alert>
        )}
        {body}
      </Stack>
    </Card>
  );
}
