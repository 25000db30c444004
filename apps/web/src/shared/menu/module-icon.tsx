import type { ModuleKey } from '@atrium/contracts';
import type { Icon } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext } from 'react';

export type ModuleIcons = Partial<Record<ModuleKey, Icon>>;

// The app hands in the module registry's icons, so that shared code and features name no module.
const ModuleIconsContext = createContext<ModuleIcons>({});

export function ModuleIconsProvider({ icons, children }: { icons: ModuleIcons; children: ReactNode }) {
  return <ModuleIconsContext value={icons}>{children}</ModuleIconsContext>;
}

/** The icon of a module's menu item (the registry gives every module with a menu item one). */
export function ModuleIcon({ module, size = 20, color }: { module: ModuleKey; size?: number; color?: string }) {
  const Component = useContext(ModuleIconsContext)[module];
  return Component ? <Component size={size} stroke={1.7} color={color} aria-hidden /> : null;
}
