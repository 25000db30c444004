import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import type { Principal } from './tokens.js';

/** The signed-in caller; only valid on routes whose policy is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthenticated');
  return request.principal;
}

/**
 * The one way to take the tenant: a route takes the caller's active tenant here and passes it to its
 * service as `tenantId`; services never read it from a principal. 400 noActiveTenant when none is
 * chosen; `detail` says what the tenant is needed for.
 */
export function tenantOf(request: FastifyRequest, detail?: string): string {
  return needTenant(principalOf(request).tenantId, detail);
}

/**
 * The active tenant or null, for the routes a super administrator may call with none chosen (users,
 * tenants, the caller's own shell): their service receives it and decides by its scope.
 */
export function activeTenantOf(request: FastifyRequest): string | null {
  return principalOf(request).tenantId;
}

/** 400 noActiveTenant unless a tenant is given: tenantOf's check, for scopes that received activeTenantOf. */
export function needTenant(tenantId: string | null, detail?: string): string {
  if (!tenantId) throw new AppError('noActiveTenant', detail);
  return tenantId;
}

/** Refuses what must not happen while a super administrator views the product as someone else. */
export function refuseWhileImpersonating(principal: Principal, what: string, done = 'changed') {
  if (principal.impersonatorId) throw new AppError('forbidden', `${what} cannot be ${done} while impersonating`);
}
