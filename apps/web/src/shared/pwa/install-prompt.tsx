import { Button, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { PRODUCT_NAME } from '@/shared/config/ui';
import { useTranslation } from '@/shared/i18n/use-translation';
import { setUiState, useUiState } from '@/shared/ui-state/ui-state';
import classes from './prompts.module.css';
import { pwaStore, usePwaState } from './pwa-state';

/**
 * Offers to install the app when the browser does (`beforeinstallprompt`): Install opens the browser's
 * own dialog; Dismiss hides the offer for good (isInstallPromptDismissed, persisted; spec part 1 §3, §4).
 */
export function InstallPrompt() {
  const { t } = useTranslation();
  const titleId = useId();
  const { installEvent } = usePwaState();
  const dismissed = useUiState((s) => s.isInstallPromptDismissed);
  if (!installEvent || dismissed) return null;

  const install = async () => {
    // The event can show its dialog once; whatever the answer, this offer is spent.
    pwaStore.set({ installEvent: null });
    await installEvent.prompt();
    await installEvent.userChoice.catch(() => undefined);
  };

  return (
    <Paper role="dialog" aria-labelledby={titleId} shadow="md" p="md" withBorder className={classes.card}>
      <div className={classes.heading}>
        <IconDownload size={18} aria-hidden />
        <Text id={titleId} fw={600}>
          {t('pwa.installTitle', { product: PRODUCT_NAME })}
        </Text>
      </div>
      <Text size="sm" c="dimmed">
        {t('pwa.installText')}
      </Text>
      <div className={classes.actions}>
        <Button variant="subtle" color="gray" onClick={() => setUiState({ isInstallPromptDismissed: true })}>
          {t('pwa.dismiss')}
        </Button>
        <Button onClick={() => void install()}>{t('pwa.install')}</Button>
      </div>
    </Paper>
  );
}
