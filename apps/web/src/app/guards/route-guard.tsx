import { type AccessSubject, decideAccess, href } from '@atrium/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { policyFor } from '@/shared/access/policy';
import { signInPath } from '@/shared/routing/return-url';
import { PageLoader } from '@/shared/ui/page-loader';
import { useAccessState } from './access-context';

/**
 * The one guard every route goes through. It looks the route up in the route table and lets
 * decideAccess rule: anonymous visitors go to /signin with a returnUrl, refused ones to /unauthorized.
 */
export function RouteGuard({ path, children }: { path: string; children: ReactNode }) {
  const policy = policyFor(path);
  const access = useAccessState();
  const location = useLocation();

  if (policy.access === 'public') return children;
  if (access.status === 'loading') return <PageLoader />;
  if (access.status === 'signedIn' && policy.feature && !access.features) return <PageLoader />;

  const subject: AccessSubject =
    access.status === 'signedIn' ? { roles: access.roles, features: access.features ?? [] } : null;
  const decision = decideAccess(policy, subject);
  if (decision === 'allow') return children;
  if (decision === 'unauthenticated') {
    return <Navigate to={signInPath(location.pathname + location.search + location.hash)} replace />;
  }
  return <Navigate to={href('errors', 'unauthorized')} replace />;
}
