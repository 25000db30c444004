import { Button, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { problemText } from '@/features/auth/api/problem-messages';
import { ApiError } from '@/shared/api/api-error';
import { useSetActiveTenant } from '@/shared/api/auth';
import { useSession } from '@/shared/api/session';
import { useUserInfo } from '@/shared/api/user-info';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { allStrings } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import { browserNavigation } from '@/shared/routing/browser-navigation';
import { landingPath, safeReturnUrl, signInPath } from '@/shared/routing/return-url';
import { CardPage, cardPageTitleClass } from '@/shared/ui/card-page';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageLoader } from '@/shared/ui/page-loader';

// The setup a tenant may require is for few users: it and its strings (not among the first load's, as
// this page is outside the signed-in shell) load when a choice needs it.
const TenantTwoFactorSetup = lazy(() =>
  Promise.all([import('@/features/auth/components/tenant-two-factor-setup'), allStrings()]).then(([m]) => ({
    default: m.TenantTwoFactorSetup,
  })),
);

/**
 * After sign-in: several tenants -> choose one (Skip for super administrators); one tenant -> it is
 * activated without asking; none -> the session continues without a tenant. Then on to returnUrl, as
 * a fresh page load once a tenant was set, so nothing of the session before it stays in memory.
 * After a Microsoft 365 sign-in (`via=office365`) the chooser offers Skip to everyone (spec part 2 §2)
 * and a failure shows the spec's advice to log out of the other Microsoft services. A tenant that requires
 * two-factor sign-in of someone who has it off leads them through its setup here, then enters it.
 */
export default function ActiveTenantPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const viaOffice = params.get('via') === 'office365';
  const session = useSession();
  const info = useUserInfo();
  const [choice, setChoice] = useState<string | null>(null);
  const autoStarted = useRef(false);
  usePageTitle(t('activeTenant'));

  /** On to the landing page: loaded afresh once a tenant was set (spec part 2 §4), in place after Skip. */
  const finish = (reload: boolean) => {
    localStorage.removeItem(STORAGE_KEYS.userExists);
    localStorage.removeItem(STORAGE_KEYS.isSuperadmin);
    if (reload) browserNavigation.replace(landingPath(returnUrl));
    else navigate(landingPath(returnUrl), { replace: true });
  };
  // The tenant whose two-factor requirement is being met (403 twoFactorRequired when choosing it).
  const [setupFor, setSetupFor] = useState<string | null>(null);
  const activate = useSetActiveTenant({
    onSuccess: () => finish(true),
    onError: (err, tenantId) => {
      if (tenantId && err instanceof ApiError && err.code === 'twoFactorRequired') setSetupFor(tenantId);
    },
  });

  const tenants = [...(info.data?.tenants ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const user = session.status === 'authenticated' ? session.user : undefined;
  const isSuperadmin = localStorage.getItem(STORAGE_KEYS.isSuperadmin) === 'true' || !!user?.isSuperadmin;

  useEffect(() => {
    if (!info.data || autoStarted.current) return;
    if (info.data.tenants.length > 1) return;
    autoStarted.current = true;
    activate.mutate(info.data.tenants[0]?.id ?? null);
  }, [info.data, activate]);

  if (session.status === 'loading') return <PageLoader fullScreen />;
  // Signing in brings the user back here by itself, so the sign-in only needs the final destination.
  if (session.status === 'anonymous') return <Navigate to={signInPath(returnUrl)} replace />;

  if (setupFor) {
    return (
      <CardPage>
        <Suspense fallback={<PageLoader />}>
          <TenantTwoFactorSetup
            tenantName={tenants.find((x) => x.id === setupFor)?.name ?? ''}
            onDone={() => {
              // Back to the choice, busy entering the tenant (and showing why, should that fail).
              setSetupFor(null);
              activate.mutate(setupFor);
            }}
            onCancel={() => {
              setSetupFor(null);
              activate.reset();
            }}
          />
        </Suspense>
      </CardPage>
    );
  }

  const error = activate.isError
    ? problemText(t, activate.error)
    : info.isError
      ? problemText(t, info.error)
      : undefined;
  const choosing = !!info.data && info.data.tenants.length > 1;
  const selected =
    choice ?? (tenants.some((x) => x.id === user?.activeTenantId) ? (user?.activeTenantId ?? null) : null);

  return (
    <CardPage>
      {!choosing && !error ? (
        <Stack align="center" py="xl">
          <PageLoader />
          <Text c="dimmed">{t('openingWorkspace')}</Text>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (selected) activate.mutate(selected);
          }}
        >
          <Stack gap="lg">
            <Stack gap={6}>
              <Tooltip label={error} disabled={!error} multiline maw={320} color="red" position="bottom-start">
                <Title order={1} className={cardPageTitleClass}>
                  {t('chooseYourActiveTenant')}
                </Title>
              </Tooltip>
              <Text c="dimmed">{isSuperadmin ? t('chooseTenantHintSuperadmin') : t('chooseTenantHint')}</Text>
            </Stack>
            {error && <ErrorAlert>{viaOffice ? t('office365.activeTenantFailed') : error}</ErrorAlert>}
            {choosing && (
              <Select
                label={t('activeTenant')}
                placeholder={t('selectTenant')}
                data={tenants.map((x) => ({ value: x.id, label: x.name }))}
                value={selected}
                onChange={setChoice}
                allowDeselect={false}
                searchable={tenants.length > 6}
                size="md"
                data-autofocus
              />
            )}
            <Group justify="flex-end" gap="sm">
              {(isSuperadmin || viaOffice) && (
                <Button variant="default" size="md" onClick={() => finish(false)} disabled={activate.isPending}>
                  {t('skip')}
                </Button>
              )}
              {choosing && (
                <Button type="submit" size="md" loading={activate.isPending} disabled={!selected || activate.isPending}>
                  {t('submit')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </CardPage>
  );
}
