import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { problemText } from '@/features/users/api/problem-messages';
import { useResetTwoFactor } from '@/features/users/api/reset-two-factor';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * For super administrators on the user form: turns the user's two-factor sign-in off (a lost phone), after
 * a second click to confirm. Written to the audit log by the server.
 */
export function ResetTwoFactorCard({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const reset = useResetTwoFactor();
  const run = () =>
    reset.mutate(userId, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: t('users.twoFactor.done', { name }) });
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: t('users.twoFactor.failed'), message: problemText(t, error) }),
    });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-two-factor-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="user-two-factor-title">
          {t('users.twoFactor.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('users.twoFactor.hint')}
        </Text>
        {confirming ? (
          <Stack gap="xs">
            <Text size="sm" fw={500} role="status">
              {t('users.twoFactor.confirm', { name })}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('users.twoFactor.cancel')}
              </Button>
              <Button color="red" loading={reset.isPending} onClick={run}>
                {t('users.twoFactor.reset')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button variant="default" leftSection={<IconShieldOff size={16} />} onClick={() => setConfirming(true)}>
              {t('users.twoFactor.reset')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
