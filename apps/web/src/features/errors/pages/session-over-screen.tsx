import { Button, Overlay, Paper } from '@mantine/core';
import { IconClockExclamation, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/shared/i18n/use-translation';
import { signInPath } from '@/shared/routing/return-url';
import { StatusPage } from '@/shared/ui/status-page';
import { setUiState } from '@/shared/ui-state/ui-state';

/** Shown over everything when the session could not be renewed; Refresh goes to /signin. */
export default function SessionOverScreen({ returnUrl }: { returnUrl: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);

  const refresh = () => {
    setUiState({ isSessionOver: false });
    navigate(signInPath(returnUrl), { replace: true });
  };

  return (
    <Overlay fixed blur={6} backgroundOpacity={0.45} zIndex={1000} center>
      <Paper
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="session-over-title"
        radius="lg"
        shadow="xl"
        p="lg"
        m="md"
        maw={480}
        withBorder
      >
        <StatusPage
          icon={<IconClockExclamation size={32} stroke={1.5} />}
          color="orange"
          title={<span id="session-over-title">{t('sessionOver')}</span>}
          actions={
            <Button ref={button} leftSection={<IconRefresh size={18} />} onClick={refresh}>
              {t('refresh')}
            </Button>
          }
        >
          {t('sessionOverText')}
        </StatusPage>
      </Paper>
    </Overlay>
  );
}
