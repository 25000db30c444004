import { Button } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { StatusPage } from '@/shared/ui/status-page';

/**
 * What a page that failed to render shows in its place, inside the shell: a way to try it again and
 * a way home (app/route-error-element.tsx).
 */
export default function PageErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t('pageErrorTitle'));
  return (
    <StatusPage
      icon={<IconAlertTriangle size={32} stroke={1.5} />}
      color="red"
      title={t('pageErrorTitle')}
      actions={
        <>
          <Button leftSection={<IconRefresh size={18} />} onClick={onRetry}>
            {t('retry')}
          </Button>
          <Button component={Link} to="/" variant="default" leftSection={<IconHome size={18} />}>
            {t('backToHome')}
          </Button>
        </>
      }
    >
      {t('pageErrorText')}
    </StatusPage>
  );
}
