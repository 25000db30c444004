import { href } from '@atrium/contracts';
import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  OFFICE_RETURN_URL_KEY,
  officeFailureCodes,
  providerFailureCode,
  useSignInWithOffice,
} from '@/features/auth/api/office365';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { safeReturnUrl } from '@/shared/routing/return-url';
import { CardPage } from '@/shared/ui/card-page';

/**
 * /office365auth, where Microsoft 365 sends the browser back (spec part 2 §2, §4, §8). Without `code`
 * it goes to /signin; a provider error goes to signin/:error. With a code the server exchanges it; then
 * the active-tenant step follows (chooser for several tenants, automatic for one, skipped for none).
 * A failure goes to signin/:error with its reasons.
 */
export default function Office365CallbackPage() {
  const { t } = useTranslation();
  usePageTitle(t('office365.signIn'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const providerError = params.get('error');
  const started = useRef(false);

  const exchange = useSignInWithOffice({
    onSuccess: () => {
      const returnUrl = safeReturnUrl(sessionStorage.getItem(OFFICE_RETURN_URL_KEY));
      sessionStorage.removeItem(OFFICE_RETURN_URL_KEY);
      navigate(href('auth', 'activeTenant', {}, { returnUrl, via: 'office365' }), { replace: true });
    },
    onError: (error) =>
      navigate(href('auth', 'signInError', { error: officeFailureCodes(error).join(',') }), { replace: true }),
  });

  useEffect(() => {
    // A code is good for one exchange only: never send it twice (React may run effects twice).
    if (!code || providerError || started.current) return;
    started.current = true;
    exchange.mutate({
      code,
      state: params.get('state') ?? '',
      ...(params.get('iss') && { iss: params.get('iss') as string }),
    });
  }, [code, providerError, params, exchange]);

  if (providerError)
    return <Navigate to={href('auth', 'signInError', { error: providerFailureCode(providerError) })} replace />;
  if (!code) return <Navigate to={href('auth', 'signIn')} replace />;

  return (
    <CardPage>
      <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
        <Loader size="md" />
        <Text c="dimmed">{t('office365.signingIn')}</Text>
      </Stack>
    </CardPage>
  );
}
