import { Center, Loader } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/use-translation';

/** Fills the page area while a page or its data is on the way. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    // The name goes on the status region: a label on the loader's bare <span> is not allowed (axe).
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite" aria-label={t('loading')}>
      <Loader size="md" aria-hidden="true" />
    </Center>
  );
}
