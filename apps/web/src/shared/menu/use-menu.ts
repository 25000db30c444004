import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeneralData } from '@/shared/api/general-data';
import { useNotificationCounts } from '@/shared/api/notification-counts';
import { useSession } from '@/shared/api/session';
import { buildMenu, type MenuModel } from './menu';

const EMPTY: MenuModel = { main: [], ignite: [], admin: [], bottom: [] };

/** The signed-in user's menus; empty until the general data has loaded. */
export function useMenu(): MenuModel {
  const { t } = useTranslation();
  const session = useSession();
  const generalData = useGeneralData().data;
  const counts = useNotificationCounts().data;
  const roles = session.status === 'authenticated' ? session.user.roles : undefined;
  return useMemo(() => {
    if (!generalData || !roles) return EMPTY;
    const nameOf = (key: string) =>
      t(`feature.${key}`, { defaultValue: '' }) || t(`menu.${key}`, { defaultValue: key }) || key;
    return buildMenu({ generalData, roles, counts: counts ?? [], nameOf });
  }, [generalData, roles, counts, t]);
}
