import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Fills the page area while a page or its data is on the way. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite">
      <Loader size="md" aria-label={t('loading')} />
    </Center>
  );
}
