import { type FeatureName, MODULES, type ModuleKey } from '@atrium/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

// The app hands in the module registry's NOT_BUILT modules, so that shared code and features name none.
const NotBuiltContext = createContext<ReadonlySet<ModuleKey>>(new Set());

export function NotBuiltModulesProvider({
  modules,
  children,
}: {
  modules: ReadonlySet<ModuleKey>;
  children: ReactNode;
}) {
  return <NotBuiltContext value={modules}>{children}</NotBuiltContext>;
}

/** The modules this version of the product does not have yet (the module registry's NOT_BUILT ones). */
export const useNotBuiltModules = () => useContext(NotBuiltContext);

/** The tenant features whose module is not built: a tenant may have them on, but nothing opens them yet. */
export function notBuiltFeatures(modules: ReadonlySet<ModuleKey>): ReadonlySet<FeatureName> {
  const features = new Set<FeatureName>();
  for (const module of modules) {
    const entry = MODULES[module];
    if ('feature' in entry && entry.feature) features.add(entry.feature);
  }
  return features;
}

export function useNotBuiltFeatures(): ReadonlySet<string> {
  const modules = useNotBuiltModules();
  return useMemo(() => notBuiltFeatures(modules), [modules]);
}
