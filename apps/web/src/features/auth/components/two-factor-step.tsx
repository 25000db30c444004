import type { AuthResult, TwoFactorChallenge } from '@atrium/contracts';
import { Anchor, Button, Checkbox, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { completeSignIn } from '@/features/auth/api/login';
import {
  twoFactorProblem,
  useConfirmRequiredSetup,
  useStartRequiredSetup,
  useVerifyTwoFactor,
} from '@/features/auth/api/two-factor';
import { useTranslation } from '@/shared/i18n/use-translation';
import { CodeInput, codeComplete } from '@/shared/two-factor/code-input';
import { RecoveryCodes } from '@/shared/two-factor/recovery-codes';
import { SetupPanel } from '@/shared/two-factor/setup-panel';
import { ErrorAlert } from '@/shared/ui/error-alert';
import classes from './sign-in-form.module.css';

type Props = { challenge: TwoFactorChallenge; onSuccess: () => void; onCancel: () => void };

/** The step after the password: the app's code (or a recovery code), or the setup a tenant requires. */
export default function TwoFactorStep(props: Props) {
  return props.challenge.twoFactor === 'code' ? <CodeStep {...props} /> : <RequiredSetupStep {...props} />;
}

/** A step's heading and the line under it. */
function StepHeading({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={6}>
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      <Text c="dimmed" size="md">
        {text}
      </Text>
    </Stack>
  );
}

function BackLink({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Anchor component="button" type="button" size="sm" onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
      {t('backToSignIn')}
    </Anchor>
  );
}

function CodeStep({ challenge, onSuccess, onCancel }: Props) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const [touched, setTouched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const verify = useVerifyTwoFactor({ onSuccess });
  const invalid = touched && !codeComplete(code, recovery);

  useEffect(() => {
    if (verify.isError) alertRef.current?.focus();
  }, [verify.isError]);

  return (
    <Stack gap="xl">
      <StepHeading
        title={t('twoFactor.signInTitle')}
        text={t(recovery ? 'twoFactor.signInRecoveryText' : 'twoFactor.signInText')}
      />
      {verify.isError && (
        <ErrorAlert ref={alertRef} title={t('twoFactor.verifyFailed')}>
          {twoFactorProblem(t, verify.error)}
        </ErrorAlert>
      )}
      <form
        noValidate
        aria-busy={verify.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!codeComplete(code, recovery)) {
            inputRef.current?.focus();
            return;
          }
          if (!verify.isPending) verify.mutate({ challenge: challenge.challenge, code, rememberDevice });
        }}
      >
        <Stack gap="md">
          <CodeInput
            key={recovery ? 'recovery' : 'code'}
            id="two-factor-code"
            ref={inputRef}
            recovery={recovery}
            value={code}
            onChange={setCode}
            autoFocus
            error={invalid ? t('validation.invalidCode') : undefined}
          />
          <Checkbox
            label={t('twoFactor.rememberDevice')}
            checked={rememberDevice}
            onChange={(event) => setRememberDevice(event.currentTarget.checked)}
          />
          <Button type="submit" size="md" fullWidth loading={verify.isPending} disabled={verify.isPending}>
            {t('twoFactor.verify')}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              setRecovery((r) => !r);
              setCode('');
              setTouched(false);
              verify.reset();
            }}
          >
            {t(recovery ? 'twoFactor.useCode' : 'twoFactor.useRecovery')}
          </Anchor>
          <BackLink onCancel={onCancel} />
        </Stack>
      </form>
    </Stack>
  );
}

function RequiredSetupStep({ challenge, onSuccess, onCancel }: Props) {
  const { t } = useTranslation();
  const [done, setDone] = useState<(AuthResult & { recoveryCodes: string[] }) | null>(null);
  const start = useStartRequiredSetup(challenge.challenge);
  const confirm = useConfirmRequiredSetup(challenge.challenge, { onSuccess: setDone });
  const { mutate: begin } = start;
  useEffect(() => begin(), [begin]);

  return (
    <Stack gap="xl">
      <StepHeading title={t('twoFactor.setupRequiredTitle')} text={t('twoFactor.setupRequiredText')} />
      {start.isError && <ErrorAlert title={t('twoFactor.setupFailed')}>{twoFactorProblem(t, start.error)}</ErrorAlert>}
      {start.isPending && (
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('twoFactor.loadingSetup')}</Text>
        </Stack>
      )}
      {done ? (
        <RecoveryCodes
          codes={done.recoveryCodes}
          onDone={() => {
            completeSignIn({ user: done.user, token: done.token });
            onSuccess();
          }}
        />
      ) : (
        start.data && (
          <SetupPanel
            idPrefix="signin-two-factor"
            stacked
            setup={start.data}
            pending={confirm.isPending}
            error={confirm.isError ? twoFactorProblem(t, confirm.error) : undefined}
            onConfirm={(code) => confirm.mutate(code)}
          />
        )
      )}
      <BackLink onCancel={onCancel} />
    </Stack>
  );
}
