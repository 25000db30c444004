import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye } from '@tabler/icons-react';
import { useEndImpersonation } from '@/features/impersonation/api/end-impersonation';
import { ApiError } from '@/shared/api/api-error';
import { useGeneralData } from '@/shared/api/general-data';
import { useSession } from '@/shared/api/session';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './impersonation-banner.module.css';

/** While a super administrator views the product as someone else: who, where, and the way back. */
export function ImpersonationBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const generalData = useGeneralData().data;
  const end = useEndImpersonation();
  if (session.status !== 'authenticated' || !session.user.impersonatorId) return null;
  const { user } = session;
  const tenant = generalData?.tenants.find((x) => x.id === user.activeTenantId)?.name;

  return (
    <section className={classes.banner} aria-label={t('impersonation.bannerLabel')}>
      <Group justify="space-between" gap="xs" wrap="wrap" className={classes.inner}>
        <Group gap="xs" wrap="nowrap" className={classes.text}>
          <IconEye size={18} aria-hidden="true" className={classes.icon} />
          <Text size="sm" fw={500}>
            {tenant
              ? t('impersonation.viewingAsIn', { name: user.displayName, email: user.email, tenant })
              : t('impersonation.viewingAs', { name: user.displayName, email: user.email })}
          </Text>
        </Group>
        <Button
          size="compact-sm"
          color="dark"
          variant="white"
          loading={end.isPending}
          onClick={() =>
            end.mutate(undefined, {
              onSuccess: () => reload(),
              onError: (error) => {
                notifications.show({
                  color: 'red',
                  title: t('impersonation.endFailed'),
                  message: error instanceof ApiError ? error.message : t('errorCodes.network'),
                });
                // The server has ended it either way; a fresh page load finds out where we stand.
                if (error instanceof ApiError) reload();
              },
            })
          }
        >
          {t('impersonation.end')}
        </Button>
      </Group>
    </section>
  );
}
