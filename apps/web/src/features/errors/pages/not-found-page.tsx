import { href } from '@atrium/contracts';
import { Button } from '@mantine/core';
import { IconArrowsExchange, IconBuildingSkyscraper, IconHome } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSetActiveTenant } from '@/shared/api/auth';
import { useGeneralData } from '@/shared/api/general-data';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { safeReturnUrl } from '@/shared/routing/return-url';
import { StatusPage } from '@/shared/ui/status-page';
import { ErrorFrame } from './error-frame';

/** A deep link into a tenant that is not the active one. */
function OtherTenant({ deepTenantId, remainingPath }: { deepTenantId: string; remainingPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tenants = useGeneralData().data?.tenants ?? [];
  const canSwitch = tenants.some((tenant) => tenant.id === deepTenantId);
  const target = safeReturnUrl(`/${remainingPath.replace(/^\/+/, '')}`, href('home', 'home'));
  const switchTenant = useSetActiveTenant({ onSuccess: () => navigate(target, { replace: true }) });

  return (
    <StatusPage
      icon={<IconBuildingSkyscraper size={32} stroke={1.5} />}
      color="orange"
      title={t('anotherTenantTitle')}
      actions={
        <>
          {canSwitch && (
            <Button
              leftSection={<IconArrowsExchange size={18} />}
              loading={switchTenant.isPending}
              onClick={() => switchTenant.mutate(deepTenantId)}
            >
              {t('backToAnotherTenant')}
            </Button>
          )}
          <Button
            component={Link}
            to={href('home', 'home')}
            variant={canSwitch ? 'default' : 'filled'}
            leftSection={<IconHome size={18} />}
          >
            {t('backToHome')}
          </Button>
        </>
      }
    >
      {t('anotherTenantText')}
    </StatusPage>
  );
}

/** 'Oops / page not found', or the other-tenant variant under tenantIdDeepLinkError/:deepTenantId/:remainingPath. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { deepTenantId, remainingPath } = useParams();
  usePageTitle(t('pageNotFound'));
  return (
    <ErrorFrame>
      {deepTenantId && remainingPath !== undefined ? (
        <OtherTenant deepTenantId={deepTenantId} remainingPath={remainingPath} />
      ) : (
        <StatusPage
          code="404"
          eyebrow={t('oops')}
          title={t('pageNotFound')}
          actions={
            <Button component={Link} to="/" leftSection={<IconHome size={18} />}>
              {t('backToHome')}
            </Button>
          }
        >
          {t('pageNotFoundText')}
        </StatusPage>
      )}
    </ErrorFrame>
  );
}
