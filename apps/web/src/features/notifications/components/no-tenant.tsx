import { IconBuildingCommunity } from '@tabler/icons-react';
import { useSession } from '@/shared/api/session';
import { useTranslation } from '@/shared/i18n/use-translation';
import { EmptyNotice } from '@/shared/ui/empty-notice';

/** Whether the signed-in user has an active tenant: notifications and their settings are per tenant. */
export function useHasActiveTenant() {
  const session = useSession();
  return session.status === 'authenticated' && !!session.user.activeTenantId;
}

/** Shown instead of a list when no tenant is chosen: the lists are per tenant. */
export function NoTenant() {
  const { t } = useTranslation();
  return (
    <EmptyNotice
      icon={<IconBuildingCommunity size={28} />}
      title={t('notifications.noTenant')}
      text={t('notifications.noTenantText')}
    />
  );
}
