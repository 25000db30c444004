import { passwordEmailProblem, passwordSchema } from '@atrium/contracts';
import { Button, Card, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { messageText, problemText } from '@/features/users/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { Heading } from '@/shared/ui/heading';
import { PasswordStrength } from '@/shared/ui/password-strength';

type ResetPasswordFormProps = {
  /** The account's email: a password holding its local part is refused here as on the server. */
  email: string;
  /** The account is shared with tenants the caller does not administer: only a super administrator may. */
  shared?: boolean;
  submit: (password: string) => Promise<boolean>;
};

/** The first rule the password breaks (the server adds the common-passwords list), or null. */
function problemOf(password: string, email: string): string | null {
  if (!password) return 'required';
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'invalid';
  return passwordEmailProblem(password, email);
}

/** Sets another user's password (super administrators and administrators); a truthy answer ends the task. */
export function ResetPasswordForm({ email, shared = false, submit }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async () => {
    const problem = problemOf(password, email);
    if (problem) {
      setError(messageText(t, problem));
      return;
    }
    setFailure(null);
    setPending(true);
    try {
      await submit(password);
    } catch (err) {
      setFailure(problemText(t, err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('users.reset.title')}>
      <Heading
        level={2}
        title={t('users.reset.title')}
        hint={shared ? t('users.reset.shared') : t('users.reset.hint')}
      />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <fieldset disabled={shared} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md" mt="md">
            {failure && <ErrorAlert title={t('users.reset.failed')}>{failure}</ErrorAlert>}
            <PasswordInput
              label={t('users.reset.password')}
              autoComplete="new-password"
              required
              withAsterisk
              value={password}
              error={error}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setError(null);
              }}
            />
            <PasswordStrength password={password} email={email} />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={pending}>
                {t('users.reset.submit')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Card>
  );
}
