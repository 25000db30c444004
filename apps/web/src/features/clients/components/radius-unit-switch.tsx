import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMapInfo } from '@/features/clients/api/get-map-info';
import { problemText } from '@/features/clients/api/problem-messages';
import { useUpdateMapInfo } from '@/features/clients/api/update-map-info';
import { useTranslation } from '@/shared/i18n/use-translation';

/** The tenant's map info switch: location radius options in kilometres (on) or miles (off). */
export function RadiusUnitSwitch() {
  const { t } = useTranslation();
  const info = useMapInfo();
  const update = useUpdateMapInfo();
  const checked = update.isPending ? update.variables : info.data?.useKmAsValues;
  return (
    <Switch
      label={t('clients.units.label')}
      checked={checked ?? true}
      disabled={!info.data || update.isPending}
      onChange={(e) =>
        update.mutate(e.currentTarget.checked, {
          onSuccess: (saved) =>
            notifications.show({
              color: 'green',
              message: saved.useKmAsValues ? t('clients.units.nowKm') : t('clients.units.nowMiles'),
            }),
          onError: (error) =>
            notifications.show({ color: 'red', title: t('clients.units.failed'), message: problemText(t, error) }),
        })
      }
    />
  );
}
