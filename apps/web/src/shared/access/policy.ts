import { type AccessPolicy, FEATURE_ROUTES, ROUTE_TABLE, type RouteRule, TOOL_ROUTES } from '@atrium/contracts';

/** Every guarded route the web app has: the spec's table, the feature modules' pages and our own tool pages. */
export const GUARDED_ROUTES: readonly RouteRule[] = [...ROUTE_TABLE, ...FEATURE_ROUTES, ...TOOL_ROUTES];

const byPath = new Map(GUARDED_ROUTES.map((rule) => [rule.path, rule.policy]));

/** The access policy of a route pattern such as 'users/:id'; throws for a route no table declares. */
export function policyFor(path: string): AccessPolicy {
  const policy = byPath.get(path.replace(/^\//, ''));
  if (!policy) throw new Error(`Route "${path}" has no access policy`);
  return policy;
}
