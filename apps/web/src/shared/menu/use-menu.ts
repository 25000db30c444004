import { useMemo } from 'react';
import { useGeneralData } from '@/shared/api/general-data';
import { useNotificationCounts } from '@/shared/api/notification-counts';
import { useSession } from '@/shared/api/session';
import { translateKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
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
      translateKey(t, `feature.${key}`, { defaultValue: '' }) || translateKey(t, `menu.${key}`, { defaultValue: key });
    return buildMenu({ generalData, roles, counts: counts ?? [], nameOf });
  }, [generalData, roles, counts, t]);
}
