import { passwordSchema } from '@atrium/contracts';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText, problemText } from '@/features/users/api/problem-messages';
import { ErrorAlert } from '@/shared/ui/error-alert';

/** Sets another user's password (super administrators and administrators); a truthy answer ends the task. */
export function ResetPasswordForm({ submit }: { submit: (password: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async () => {
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) {
      setError(messageText(t, password ? (parsed.error.issues[0]?.message ?? 'required') : 'required'));
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
      <Title order={2} size="h4">
        {t('users.reset.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {t('users.reset.hint')}
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
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
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={pending}>
              {t('users.reset.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
