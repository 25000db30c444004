import { Button } from '@mantine/core';
import { IconHome, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { StatusPage } from '@/shared/ui/status-page';
import { ErrorFrame } from './error-frame';

/** Where the guards send a signed-in user a route refuses. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  usePageTitle(t('unauthorized'));
  return (
    <ErrorFrame>
      <StatusPage
        icon={<IconLock size={32} stroke={1.5} />}
        color="red"
        title={t('unauthorized')}
        actions={
          <Button component={Link} to="/" leftSection={<IconHome size={18} />}>
            {t('backToHome')}
          </Button>
        }
      >
        {t('unauthorizedText')}
      </StatusPage>
    </ErrorFrame>
  );
}
