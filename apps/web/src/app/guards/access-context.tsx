import type { Role } from '@atrium/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useGeneralData } from '@/shared/api/general-data';
import { useSession } from '@/shared/api/session';

/**
 * What the guards know about the visitor. `features` stays undefined until the active tenant's
 * general data has arrived, so a feature-gated route waits instead of refusing too early.
 */
export type AccessState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'signedIn'; roles: readonly Role[]; features: readonly string[] | undefined };

const AccessContext = createContext<AccessState | null>(null);

export function AccessStateProvider({ value, children }: { value: AccessState; children: ReactNode }) {
  return <AccessContext value={value}>{children}</AccessContext>;
}

/** Derives the access state from the session and /me/generaldata. */
export function SessionAccessProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const generalData = useGeneralData();
  const roles = session.status === 'authenticated' ? session.user.roles : undefined;
  const features = generalData.data?.features ?? (generalData.isError ? [] : undefined);
  const value = useMemo<AccessState>(() => {
    if (session.status === 'loading') return { status: 'loading' };
    if (!roles) return { status: 'anonymous' };
    return { status: 'signedIn', roles, features };
  }, [session.status, roles, features]);
  return <AccessStateProvider value={value}>{children}</AccessStateProvider>;
}

export function useAccessState(): AccessState {
  const value = useContext(AccessContext);
  if (!value) throw new Error('useAccessState needs an access state provider');
  return value;
}
