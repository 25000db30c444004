import { POLICIES, withFeature } from '@atrium/contracts';
import { z } from 'zod';
import { routeOptions } from '../../http/route-options.js';

/** Administrators run documents, types and folders; everyone in the tenant reads and adds documents. */
export const admins = withFeature(POLICIES.tenantAdmins, 'Documents');
export const members = withFeature(POLICIES.tenantMembers, 'Documents');
export const route = routeOptions(['documents']);
export const created = z.object({ id: z.uuid() });
