import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '@/shared/config/ui';
import { useTranslation } from '@/shared/i18n/use-translation';
import { disablePush, enablePush, type PushStatus, pushStatus } from './push';

/**
 * Web push for this device, on the profile page: permission is asked only when the user presses the
 * button, never on page load.
 */
export function PushSettings() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PushStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    pushStatus()
      .then((s) => live && setStatus(s))
      .catch(() => live && setStatus('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const change = async (action: () => Promise<PushStatus>) => {
    setBusy(true);
    setFailed(false);
    try {
      setStatus(await action());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (status === null) return null;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="xs">
        {t('pwa.pushTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('pwa.pushText', { product: PRODUCT_NAME })}
      </Text>
      {status === 'unsupported' && <Text size="sm">{t('pwa.pushUnsupported', { product: PRODUCT_NAME })}</Text>}
      {status === 'blocked' && <Text size="sm">{t('pwa.pushBlocked')}</Text>}
      {status === 'on' && (
        <Text size="sm" mb="sm" role="status">
          {t('pwa.pushEnabled')}
        </Text>
      )}
      {(status === 'on' || status === 'off') && (
        <Group>
          {status === 'off' ? (
            <Button leftSection={<IconBell size={16} />} loading={busy} onClick={() => void change(enablePush)}>
              {t('pwa.pushOn')}
            </Button>
          ) : (
            <Button
              variant="light"
              leftSection={<IconBellOff size={16} />}
              loading={busy}
              onClick={() => void change(disablePush)}
            >
              {t('pwa.pushOff')}
            </Button>
          )}
        </Group>
      )}
      {failed && (
        <Alert color="red" mt="md" role="alert">
          {t('pwa.pushFailed')}
        </Alert>
      )}
    </Card>
  );
}
