import { href } from '@atrium/contracts';
import { Button } from '@mantine/core';
import { IconArrowLeft, IconPuzzle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { translateKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import { StatusPage } from '@/shared/ui/status-page';

/**
 * Stands in for a module this version does not have yet. The route, its guard and its menu entry are
 * real; the page says plainly that the module is missing rather than pretending.
 */
export default function ModuleUnavailablePage({
  moduleKey,
  backTo = href('home', 'home'),
}: {
  moduleKey: string;
  backTo?: string;
}) {
  const { t } = useTranslation();
  const module = translateKey(t, moduleKey, { defaultValue: moduleKey });
  usePageTitle(module);
  return (
    <StatusPage
      icon={<IconPuzzle size={32} stroke={1.5} />}
      eyebrow={module}
      title={t('moduleUnavailable')}
      actions={
        <Button component={Link} to={backTo} variant="light" leftSection={<IconArrowLeft size={18} />}>
          {backTo === href('auth', 'signIn') ? t('backToSignIn') : t('backToHome')}
        </Button>
      }
    >
      {t('moduleUnavailableText', { module })}
    </StatusPage>
  );
}
