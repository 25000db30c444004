import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import type { Principal } from './tokens.js';

/** The signed-in caller; only valid on routes whose policy is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthenticated');
  return request.principal;
}

/**
 * The caller's active tenant, by which every tenant-owned query is scoped; 400 noActiveTenant when
 * they have chosen none. Routes pass the request, services the principal they were given; `detail`
 * says what the tenant is needed for. Module scopes (users, tenants) build on this one check.
 */
export function requireTenant(caller: FastifyRequest | Principal, detail?: string): string {
  const { tenantId } = 'userId' in caller ? caller : principalOf(caller);
  if (!tenantId) throw new AppError('noActiveTenant', detail);
  return tenantId;
}

/** Refuses what must not happen while a super administrator views the product as someone else. */
export function refuseWhileImpersonating(principal: Principal, what: string, done = 'changed') {
  if (principal.impersonatorId) throw new AppError('forbidden', `${what} cannot be ${done} while impersonating`);
}
