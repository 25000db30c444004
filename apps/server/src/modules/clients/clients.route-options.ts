import { POLICIES } from '@atrium/contracts';
import { routeOptions } from '../../http/route-options.js';

// Superadmin and TenantAdmin (spec part 2 §6), always within the active tenant.
export const policy = POLICIES.tenantAdmins;
export const route = routeOptions(['clients']);
