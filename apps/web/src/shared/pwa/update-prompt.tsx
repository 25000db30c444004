import { Button, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './prompts.module.css';
import { pwaStore, usePwaState } from './pwa-state';

/** 'New version available': Reload activates the waiting service worker and reloads into it. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const titleId = useId();
  const { needRefresh, update } = usePwaState();
  const [reloading, setReloading] = useState(false);
  if (!needRefresh) return null;

  return (
    <Paper role="alertdialog" aria-labelledby={titleId} shadow="md" p="md" withBorder className={classes.card}>
      <div className={classes.heading}>
        <IconRefresh size={18} aria-hidden />
        <Text id={titleId} fw={600}>
          {t('pwa.updateTitle')}
        </Text>
      </div>
      <Text size="sm" c="dimmed">
        {t('pwa.updateText')}
      </Text>
      <div className={classes.actions}>
        <Button variant="subtle" color="gray" onClick={() => pwaStore.set({ needRefresh: false })}>
          {t('pwa.later')}
        </Button>
        <Button
          loading={reloading}
          onClick={() => {
            setReloading(true);
            void (update ? update() : Promise.resolve(window.location.reload()));
          }}
        >
          {t('pwa.reload')}
        </Button>
      </div>
    </Paper>
  );
}
