import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import type { Principal } from './tokens.js';

/** The signed-in caller; only valid on routes whose policy is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthenticated');
  return request.principal;
}

/** The caller's active tenant: every tenant-owned query is scoped by it. */
export function activeTenantOf(request: FastifyRequest): string {
  const { tenantId } = principalOf(request);
  if (!tenantId) throw new AppError('noActiveTenant');
  return tenantId;
}

/** Refuses what must not happen while a super administrator views the product as someone else. */
export function refuseWhileImpersonating(principal: Principal, what: string, done = 'changed') {
  if (principal.impersonatorId) throw new AppError('forbidden', `${what} cannot be ${done} while impersonating`);
}
