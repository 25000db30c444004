import { can, HUB_EVENTS, POLICIES } from '@atrium/contracts';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/tokens.js';
import type { HubService } from '../../hub/index.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService, SessionRow } from '../auth/auth.service.js';
import type { TenantsService } from '../tenants/tenants.service.js';
import type { UsersService } from '../users/users.service.js';

/**
 * A super administrator views the product as another user: never as another super administrator
 * or a deleted user, only in one of that user's tenants, in a short-lived session that names them
 * (impersonatorId). Every start and end is written to the audit log.
 */
export function createImpersonationService(deps: {
  auth: AuthService;
  tenants: TenantsService;
  users: UsersService;
  audit: AuditService;
  hub: HubService;
}) {
  const { users, audit } = deps;
  return {
    async start(actor: Principal, userId: string, tenantId: string | null, userAgent?: string) {
      if (actor.impersonatorId) throw new AppError('validation', 'End the current impersonation first');
      if (userId === actor.userId) {
        throw fieldError('userId', 'cannotImpersonateYourself', 'You cannot impersonate yourself');
      }
      const target = await users.find(userId);
      if (!target) throw new AppError('notFound', 'No such user');
      if (target.deletedAt) {
        throw fieldError('userId', 'userDeleted', 'A deleted user cannot be impersonated');
      }
      if (can({ roles: await users.rolesOf(target.id) }, POLICIES.superadmins)) {
        throw new AppError('forbidden', 'A super administrator cannot be impersonated', [
          { field: 'userId', message: 'cannotImpersonateSuperadmin' },
        ]);
      }
      const tenants = await deps.tenants.tenantsOfUser(target.id);
      const allowed = tenants.length ? tenants.some((t) => t.id === tenantId) : tenantId === null;
      if (!allowed) {
        throw fieldError('tenantId', 'notATenantOfTheUser', 'Choose one of the user’s tenants');
      }
      const issued = await deps.auth.startImpersonation(actor, target, tenantId, userAgent);
      await audit.recordAlone({
        actorId: actor.userId,
        realActorId: null,
        action: 'impersonation.started',
        recordType: 'user',
        recordId: target.id,
        targetUserId: target.id,
        tenantId,
        data: { sessionId: issued.sessionId, parentSessionId: actor.sessionId },
      });
      return issued;
    },

    /**
     * Tells the super administrator's connections: ImpersonateStarted(userId, tenantId). The route calls
     * it once its answer is sent, because their other tabs take over the impersonation by refreshing,
     * which must present the refresh cookie that answer carries.
     */
    announceStarted(actorId: string, userId: string, tenantId: string | null) {
      return deps.hub.sendToUser(actorId, HUB_EVENTS.ImpersonateStarted, [userId, tenantId]);
    },

    /** Back to the super administrator's own session; answers their user and a fresh token. */
    async end(principal: Principal) {
      if (!principal.impersonatorId) throw new AppError('validation', 'You are not impersonating anyone');
      let ended: SessionRow | undefined;
      try {
        const { session, issued } = await deps.auth.endImpersonation(principal);
        ended = session;
        return issued;
      } catch (err) {
        ended = (err as { impersonation?: SessionRow }).impersonation;
        throw err;
      } finally {
        if (ended) {
          await audit.recordAlone({
            actorId: principal.impersonatorId,
            realActorId: null,
            action: 'impersonation.ended',
            recordType: 'user',
            recordId: ended.userId,
            targetUserId: ended.userId,
            tenantId: ended.activeTenantId,
            data: { sessionId: ended.id, parentSessionId: ended.parentSessionId },
          });
          // The tabs viewing as the user go back (ImpersonateStoped), rather than being signed out;
          // then the ended session's connections close for good (the tabs reload and reconnect).
          await deps.hub.sendToSession(ended.id, HUB_EVENTS.ImpersonateStoped);
          await deps.hub.sessionsClosed([ended.id], 'The impersonation has ended');
        }
      }
    },
  };
}
