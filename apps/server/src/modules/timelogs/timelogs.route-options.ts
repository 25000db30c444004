import { dateStringSchema, POLICIES, withFeature } from '@atrium/contracts';
import { z } from 'zod';
import { routeOptions } from '../../http/route-options.js';

// Spec part 2 §7, base /api/timelogs, at exactly its paths (their case included). The spec leaves the
// generic parameters a, b, c, d unnamed; each route names and describes them (issue 14).

/** Everyone working in the tenant logs their own hours, while the tenant has TimeLogs. */
export const member = withFeature(POLICIES.tenantMembers, 'TimeLogs');
/** Projects, tasks and other users' hours are the tenant administrators'. */
export const admin = withFeature(POLICIES.tenantAdmins, 'TimeLogs');
export const route = routeOptions(['timelogs']);

export const from = dateStringSchema.describe('First day of the period, YYYY-MM-DD (included)');
export const to = dateStringSchema.describe('Last day of the period, YYYY-MM-DD (included)');
export const period = z.object({ from, to });
export const idParams = (what: string) => z.object({ id: z.uuid().describe(`The ${what}'s id`) });
export const allOr = (what: string) =>
  z.union([z.literal('all'), z.uuid()]).describe(`A ${what}'s id, or 'all' for every ${what}`);
export const created = z.object({ id: z.uuid() });
