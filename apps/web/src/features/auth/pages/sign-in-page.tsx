import type { TwoFactorChallenge } from '@atrium/contracts';
import { href } from '@atrium/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isChallenge } from '@/features/auth/api/login';
import { parseFailureCodes } from '@/features/auth/api/office365';
import { MarketingPanel } from '@/features/auth/components/marketing-panel';
import { MicrosoftSignIn } from '@/features/auth/components/microsoft-sign-in';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { PRODUCT_NAME } from '@/shared/config/ui';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { allStrings } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import { safeReturnUrl } from '@/shared/routing/return-url';
import { ColorSchemeToggle } from '@/shared/ui/color-scheme-toggle';
import { Logo } from '@/shared/ui/logo';
import { PageLoader } from '@/shared/ui/page-loader';
import classes from './sign-in-page.module.css';

// The two-factor step is for few users: it and its strings load when a sign-in needs it (issue 13's budget).
const TwoFactorStep = lazy(() =>
  Promise.all([import('@/features/auth/components/two-factor-step'), allStrings()]).then(([m]) => m),
);

/** /signin and /signin/:error (a failed Microsoft 365 sign-in lands on the latter with its reason codes). */
export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { error } = useParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  usePageTitle(t('signIn'));
  const enter = () => navigate(href('auth', 'activeTenant', {}, { returnUrl }));
  // A failed Microsoft 365 sign-in names its reasons; only those we have words for are shown. Any other
  // code in the address is no Microsoft 365 failure and gets the plain message.
  const codes = parseFailureCodes(error);
  const initialError = error ? t(codes.length ? 'office365LoginFailed' : 'signInErrorGeneric') : undefined;
  const reasons = codes
    .map((code) => t(`office365.reasons.${code}` as 'office365.reasons.microsoftLoginFailed', { defaultValue: '' }))
    .filter(Boolean);

  return (
    <div className={classes.root}>
      <section className={classes.formSide}>
        <Group justify="space-between" className={classes.top}>
          <Logo size={34} />
          <ColorSchemeToggle />
        </Group>
        <Stack gap="lg" className={classes.formWrap}>
          {challenge ? (
            <Suspense fallback={<PageLoader />}>
              <TwoFactorStep challenge={challenge} onSuccess={enter} onCancel={() => setChallenge(null)} />
            </Suspense>
          ) : (
            <>
              <SignInForm
                initialError={initialError}
                initialDetails={reasons}
                onSuccess={(result) => (isChallenge(result) ? setChallenge(result) : enter())}
              />
              <MicrosoftSignIn returnUrl={returnUrl} />
            </>
          )}
        </Stack>
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
