import { PRODUCT_NAME } from '@atrium/contracts';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { safeReturnUrl } from '../../../shared/routing/return-url';
import { ColorSchemeToggle } from '../../../shared/ui/color-scheme-toggle';
import { Logo } from '../../../shared/ui/logo';
import { MarketingPanel } from '../components/marketing-panel';
import { SignInForm } from '../components/sign-in-form';
import classes from './sign-in-page.module.css';

/** /signin and /signin/:error (a failed Microsoft 365 sign-in lands on the latter). */
export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { error } = useParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  usePageTitle(t('signIn'));

  return (
    <div className={classes.root}>
      <section className={classes.formSide}>
        <Group justify="space-between" className={classes.top}>
          <Logo size={34} />
          <ColorSchemeToggle />
        </Group>
        <div className={classes.formWrap}>
          <SignInForm
            initialError={error ? t('office365LoginFailed') : undefined}
            onSuccess={() => navigate(`/active-tenant-page?returnUrl=${encodeURIComponent(returnUrl)}`)}
          />
        </div>
        <Text size="xs" c="dimmed" className={classes.bottom}>
          {t('footer', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
        </Text>
      </section>
      <div className={classes.panel}>
        <MarketingPanel />
      </div>
    </div>
  );
}
