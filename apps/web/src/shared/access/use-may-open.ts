import { decideAccess, MODULES, type ModuleKey, type PageEntry, type PageKey } from '@atrium/contracts';
import { useGeneralData } from '@/shared/api/general-data';
import { useSession } from '@/shared/api/session';

/**
 * Whether the signed-in user may open a page, as its route guard will decide: a link to a page that
 * would refuse them is not offered. False while the active tenant's features are still loading.
 */
export function useMayOpen<M extends ModuleKey>(module: M, page: PageKey<M>): boolean {
  const session = useSession();
  const features = useGeneralData().data?.features;
  if (session.status !== 'authenticated') return false;
  const { policy } = (MODULES[module].pages as Record<string, PageEntry>)[page]!;
  if (policy.access !== 'public' && policy.feature && !features) return false;
  return decideAccess(policy, { roles: session.user.roles, features: features ?? [] }) === 'allow';
}
