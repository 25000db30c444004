import { type AccessPolicy, PAGES } from '@atrium/contracts';

const byPath = new Map(PAGES.map((page) => [page.path, page.policy]));

/** The access policy of a page's route pattern such as 'users/:id'; throws for a path no module declares. */
export function policyFor(path: string): AccessPolicy {
  const policy = byPath.get(path.replace(/^\//, ''));
  if (!policy) throw new Error(`Route "${path}" has no access policy`);
  return policy;
}
