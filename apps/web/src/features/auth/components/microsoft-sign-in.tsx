import type { OfficeSettings } from '@atrium/contracts';
import { Button, Divider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  fetchOfficeSettings,
  OFFICE_RETURN_URL_KEY,
  officeButtonShows,
  useStartOfficeSignIn,
} from '@/features/auth/api/office365';
import { useTranslation } from '@/shared/i18n/use-translation';
import { browserNavigation } from '@/shared/routing/browser-navigation';

function MicrosoftLogo() {
  return (
    <svg width="18" height="18" viewBox="0 0 21 21" aria-hidden="true">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

/**
 * "Sign in with Microsoft 365", shown only when the server has single sign-on configured (and the host
 * matches its pattern). A click asks for a fresh authorization URL, so a page left open for a while
 * still starts a valid flow, and goes there.
 */
export function MicrosoftSignIn({ returnUrl }: { returnUrl: string }) {
  const { t } = useTranslation();
  // Not in the query cache: the app clears that cache when it learns nobody is signed in, which on a
  // fresh sign-in page can happen while this request is still on its way (and would cancel it).
  const [settings, setSettings] = useState<OfficeSettings>();
  useEffect(() => {
    const abort = new AbortController();
    fetchOfficeSettings(abort.signal).then(setSettings, () => {
      // Without the settings there is no button; signing in with a password still works.
    });
    return () => abort.abort();
  }, []);
  const go = useStartOfficeSignIn({
    onSuccess: (fresh) => {
      if (!fresh.url) return;
      sessionStorage.setItem(OFFICE_RETURN_URL_KEY, returnUrl);
      browserNavigation.assign(fresh.url);
    },
  });
  if (!officeButtonShows(settings, window.location.hostname)) return null;

  return (
    <Stack gap="md">
      <Divider label={t('office365.or')} labelPosition="center" />
      <Button
        variant="default"
        size="md"
        fullWidth
        leftSection={<MicrosoftLogo />}
        loading={go.isPending || go.isSuccess}
        onClick={() => go.mutate()}
      >
        {t('office365.signIn')}
      </Button>
      {go.isError && (
        <Text size="sm" c="red" role="alert">
          {t('errorCodes.unknown')}
        </Text>
      )}
    </Stack>
  );
}
