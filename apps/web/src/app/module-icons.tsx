import type { ModuleKey, Modules } from '@atrium/contracts';
import {
  type Icon,
  IconAddressBook,
  IconBook,
  IconBriefcase,
  IconBuildingStore,
  IconCalendarEvent,
  IconChartBar,
  IconChecklist,
  IconDatabase,
  IconMail,
  IconMasksTheater,
  IconNews,
  IconPlaneDeparture,
  IconRss,
  IconShieldLock,
  IconSparkles,
  IconTarget,
  IconTool,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';

export type MenuModule = { [M in ModuleKey]: Modules[M] extends { menu: object } ? M : never }[ModuleKey];

/**
 * The icons of the menu modules that have no feature folder yet (their pages are not built). A built
 * module keeps its icon beside its pages, in features/<module>/menu-icon.ts; building one of these
 * moves its icon there.
 */
export const NOT_BUILT_ICONS: Partial<Record<MenuModule, Icon>> = {
  news: IconNews,
  calendar: IconCalendarEvent,
  messages: IconMail,
  feed: IconRss,
  todo: IconChecklist,
  poll: IconChartBar,
  phonebook: IconAddressBook,
  employee: IconUsersGroup,
  absent: IconPlaneDeparture,
  marketplace: IconBuildingStore,
  whistleblow: IconShieldLock,
  dataroom: IconDatabase,
  crm: IconBriefcase,
  toolbox: IconTool,
  personalplan: IconTarget,
  onboarding: IconUserPlus,
  playbook: IconBook,
  roleplay: IconMasksTheater,
  aiselling: IconSparkles,
};

/** Each built module's icon, from features/<module>/menu-icon.ts, keyed by its folder's name. */
export const FEATURE_ICONS: Record<string, Icon> = Object.fromEntries(
  Object.entries(import.meta.glob<Icon>('../features/*/menu-icon.ts', { eager: true, import: 'default' })).map(
    ([file, icon]) => [file.split('/')[2], icon],
  ),
);

/**
 * The menu icon of every module that has a menu item (module-registry.test.tsx asks for each one).
 * Apart from the page registry because only the signed-in shell draws them: they load with it, not
 * with the sign-in page (decision 024).
 */
export const MODULE_ICONS: Partial<Record<ModuleKey, Icon>> = { ...NOT_BUILT_ICONS, ...FEATURE_ICONS };
