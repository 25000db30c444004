import type { FeatureName } from '@atrium/contracts';
import { useMemo } from 'react';
import { useChatUnread } from '@/shared/api/chat-unread';
import { useGeneralData } from '@/shared/api/general-data';
import { useNotificationCounts } from '@/shared/api/notification-counts';
import { useSession } from '@/shared/api/session';
import { translateKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import { buildMenu, type MenuModel } from './menu';
import { useNotBuiltModules } from './not-built';

const EMPTY: MenuModel = { main: [], ignite: [], admin: [], bottom: [] };

/** The signed-in user's menus; empty until the general data has loaded. */
export function useMenu(): MenuModel {
  const { t } = useTranslation();
  const session = useSession();
  const generalData = useGeneralData().data;
  const notificationCounts = useNotificationCounts().data;
  // Chat counts its unread messages itself (notifications carry no module yet).
  const chatUnread = useChatUnread(!!generalData?.features.includes('Chat')).data;
  const roles = session.status === 'authenticated' ? session.user.roles : undefined;
  const notBuilt = useNotBuiltModules();
  return useMemo(() => {
    if (!generalData || !roles) return EMPTY;
    const counts = [...(notificationCounts ?? []), ...(chatUnread ? [{ groupName: 'Chat', count: chatUnread }] : [])];
    return buildMenu({ generalData, roles, counts, nameOf: (key) => translatedName(t, key), notBuilt });
  }, [generalData, roles, notificationCounts, chatUnread, notBuilt, t]);
}

/** The translated default name of a feature or module. */
const translatedName = (t: ReturnType<typeof useTranslation>['t'], key: string) =>
  translateKey(t, `feature.${key}`, { defaultValue: '' }) || translateKey(t, `menu.${key}`, { defaultValue: key });

/**
 * How the active tenant presents a feature: its custom title (else the translated name), as the menu
 * shows it, and its description (sanitized rich text, or null).
 */
export function useFeatureInfo(feature: FeatureName): { title: string; description: string | null } {
  const { t } = useTranslation();
  const item = useGeneralData().data?.tenantMenuItemsData.find((m) => m.name === feature);
  return {
    title: item?.customTitle?.trim() || translatedName(t, feature),
    description: item?.customDescription || null,
  };
}
