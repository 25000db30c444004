import { createHash, randomBytes } from 'node:crypto';
import { AUTH, type AuthResult, can, IMPERSONATION, POLICIES, type Role } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { type Authenticator, principalOfToken } from '../../http/access-policy.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/tokens.js';
import type { HubService } from '../../hub/index.js';
import * as repo from './auth.repository.js';
import { verifyPassword } from './password-hashing.js';

export type { SessionRow, UserRow } from './auth.repository.js';

/**
 * Where a signed-in user's password guesses come from, for the sign-in limit: their session, which
 * login_failures keeps in the column that holds the address of a sign-in attempt.
 */
export const sessionSource = (principal: Pick<Principal, 'sessionId'>) => `session:${principal.sessionId}`;

export type Issued = AuthResult & { refreshToken: string; persistent: boolean };

/** How long a used refresh token still answers with its successor (decision 002). */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

function sessionExpiry(persistent: boolean): Date {
  const ms = persistent ? AUTH.rememberMeDays * 86_400_000 : AUTH.sessionHours * 3_600_000;
  return new Date(Date.now() + ms);
}

export function createAuthService({
  db,
  authenticator,
  hub,
}: {
  db: Db;
  authenticator: Authenticator;
  hub: HubService;
}) {
  const { tokens } = authenticator;

  /** Revokes sessions; their live connections get LogOut and are closed. */
  async function revoke(where: Parameters<typeof repo.revokeSessions>[1], reason: string) {
    const revoked = await repo.revokeSessions(db, where, reason);
    await hub.sessionsRevoked(revoked.map((r) => r.id));
    return revoked;
  }

  async function issue(user: repo.UserRow, session: repo.SessionRow, refreshToken: string): Promise<Issued> {
    const roles = await repo.rolesOf(db, user.id);
    const principal: Principal = {
      userId: user.id,
      sessionId: session.id,
      tenantId: session.activeTenantId,
      roles,
      ...(session.impersonatorId && { impersonatorId: session.impersonatorId }),
    };
    return {
      user: toAuthUser(user, roles, session),
      token: tokens.sign(principal),
      refreshToken,
      persistent: session.rememberMe === 'persistent',
    };
  }

  /** The tenant a fresh session starts in: the last one used, else the only one, else none. */
  async function initialTenant(user: repo.UserRow, roles: Role[]): Promise<string | null> {
    const choices = await repo.selectableTenants(db, user.id, can({ roles }, POLICIES.superadmins));
    if (user.activeTenantId && choices.some((t) => t.id === user.activeTenantId)) return user.activeTenantId;
    return choices.length === 1 ? choices[0]!.id : null;
  }

  /**
   * Counts this attempt as a failure before the password is checked, so parallel guesses see each
   * other; a refused (429) attempt does not count, and a successful one clears the account's count.
   */
  async function startAttempt(email: string, ip: string) {
    const attemptId = await repo.recordFailure(db, email, ip);
    const windowMs = AUTH.failedLoginWindowMinutes * 60_000;
    const { byEmail, byIp } = await repo.countRecentFailures(db, email, ip, new Date(Date.now() - windowMs));
    const blocked = [byEmail, byIp].filter((c) => c.n > AUTH.maxFailedLogins);
    if (!blocked.length) return attemptId;
    await repo.deleteFailure(db, attemptId);
    const oldest = Math.min(...blocked.map((c) => new Date(c.oldest).getTime()));
    const retryAfter = Math.max(1, Math.ceil((oldest + windowMs - Date.now()) / 1000));
    throw new AppError('tooManyRequests', 'Too many wrong passwords. Try again later.', undefined, {
      'retry-after': String(retryAfter),
    });
  }

  /**
   * Checks a password typed for an account under the sign-in limit (ASVS 6.3.1): every guess counts
   * against the account and against where it came from, `source`: the address at sign-in, the
   * session for a signed-in user's current password (see sessionSource), so that one user behind a
   * shared office address cannot lock their colleagues out. Past AUTH.maxFailedLogins in the window
   * the answer is 429 with Retry-After.
   */
  async function checkPassword(email: string, source: string, passwordHash: string | null, password: string) {
    return checkLimited(email, source, () => verifyPassword(passwordHash, password));
  }

  /**
   * Runs `check` (a password's or a two-factor code's) under the sign-in limit: the same counting as
   * checkPassword, so guesses of codes and of passwords share one budget per account and source.
   */
  async function checkLimited(email: string, source: string, check: () => Promise<boolean>) {
    const key = email.toLowerCase();
    await startAttempt(key, source);
    const ok = await check();
    if (ok) await repo.clearFailures(db, key);
    return ok;
  }

  return {
    issue,
    checkPassword,
    checkLimited,

    /** The account whose password this is (under the sign-in limit), else 401; no session yet. */
    async checkLogin(input: { email: string; password: string; ip: string }) {
      const user = await repo.findUserByEmail(db, input.email);
      const hash = user && !user.deletedAt ? user.passwordHash : null;
      const ok = await checkPassword(input.email, input.ip, hash, input.password);
      if (!user || !ok) throw new AppError('invalidCredentials');
      return user;
    },

    async login(input: { email: string; password: string; rememberMe: boolean; ip: string; userAgent?: string }) {
      const user = await this.checkLogin(input);
      return this.startSession(user, input.rememberMe, input.userAgent);
    },

    /** The tenant a fresh session of the user would start in (see initialTenant). */
    async initialTenantOf(user: repo.UserRow) {
      return initialTenant(user, await repo.rolesOf(db, user.id));
    },

    /** A live (not deleted) user by id. */
    async findLiveUser(id: string) {
      const user = await repo.findUserById(db, id);
      return user && !user.deletedAt ? user : undefined;
    },

    async startSession(user: repo.UserRow, rememberMe: boolean, userAgent?: string) {
      const roles = await repo.rolesOf(db, user.id);
      const refreshToken = newRefreshToken();
      const session = await repo.createSession(
        db,
        {
          userId: user.id,
          activeTenantId: await initialTenant(user, roles),
          rememberMe: rememberMe ? 'persistent' : 'browser',
          userAgent: userAgent?.slice(0, 300),
          expiresAt: sessionExpiry(rememberMe),
        },
        hashToken(refreshToken),
      );
      return issue(user, session, refreshToken);
    },

    /**
     * Rotates the refresh token. An already used one, presented again within REFRESH_REUSE_GRACE_MS
     * while its successor is still unused, answers with that same successor (the first answer was
     * lost in transit, or two tabs refreshed at once); any other reuse revokes the whole session
     * (decision 002).
     */
    async refresh(refreshToken: string | undefined) {
      if (!refreshToken) throw new AppError('sessionExpired');
      const oldHash = hashToken(refreshToken);
      const found = await repo.findRefreshToken(db, oldHash);
      if (!found) throw new AppError('sessionExpired');
      const { token, session } = found;
      if (session.revokedAt || session.expiresAt < new Date()) throw new AppError('sessionExpired');
      const user = await repo.findUserById(db, session.userId);
      if (!user || user.deletedAt) throw new AppError('sessionExpired');

      const next = tokens.refreshSuccessor(refreshToken);
      const persistent = session.rememberMe === 'persistent';
      const rotated =
        !token.usedAt &&
        (await repo.rotateRefreshToken(
          db,
          oldHash,
          hashToken(next),
          session.id,
          // Impersonation is short-lived: refreshing never extends it.
          session.impersonatorId ? session.expiresAt : sessionExpiry(persistent),
        ));
      if (rotated) return issue(user, session, next);
      // Used before, or by a request that just won the race: the grace window, else theft.
      const usedAt = token.usedAt ?? (await repo.findRefreshToken(db, oldHash))?.token.usedAt;
      const inGrace = usedAt && Date.now() - usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
      if (inGrace && (await repo.isUnusedRefreshToken(db, hashToken(next), session.id))) {
        return issue(user, session, next);
      }
      const revoked = await revoke({ sessionId: session.id }, 'refreshTokenReuse');
      throw Object.assign(new AppError('sessionExpired'), { revoked });
    },

    /** The account with this email (any case), unless it is deleted. */
    findLiveUserByEmail: (email: string) => repo.findLiveUserByEmail(db, email),

    /** Tenants the user may make active (all of them for a super administrator). */
    selectableTenants: (userId: string, isSuperadmin: boolean) => repo.selectableTenants(db, userId, isSuperadmin),

    /**
     * Revokes the session of the access token, or, when that is missing or expired, the session the
     * refresh cookie names; neither is no error.
     */
    async logout(accessToken: string | null, refreshToken: string | undefined) {
      const principal = await principalOfToken(authenticator, accessToken);
      const sessionId =
        principal?.sessionId ??
        (refreshToken ? (await repo.findRefreshToken(db, hashToken(refreshToken)))?.session.id : undefined);
      if (sessionId) await revoke({ sessionId }, 'logout');
    },

    async revokeAllOf(userId: string, reason: string) {
      return revoke({ userId }, reason);
    },

    /** Ends every session of the user but the one given (after a password change, say). */
    async revokeOtherSessions(userId: string, keepSessionId: string, reason: string) {
      return revoke({ userId, exceptSessionId: keepSessionId }, reason);
    },

    /** Ends every session working in a tenant (it was deleted); their connections get LogOut. */
    async revokeSessionsInTenant(tenantId: string, reason: string) {
      const revoked = await repo.revokeSessionsInTenant(db, tenantId, reason);
      await hub.sessionsRevoked(revoked.map((r) => r.id));
      return revoked;
    },

    /** Ends one user's sessions working in a tenant (they were taken out of it); their other sessions go on. */
    async revokeUserSessionsInTenant(userId: string, tenantId: string, reason: string) {
      const revoked = await repo.revokeUserSessionsInTenant(db, userId, tenantId, reason);
      await hub.sessionsRevoked(revoked.map((r) => r.id));
      return revoked;
    },

    /**
     * A short-lived session of `target` run by the super administrator `actor`, who comes back to
     * their own session (`actor.sessionId`) when it ends. The caller checks who may view as whom.
     */
    async startImpersonation(actor: Principal, target: repo.UserRow, tenantId: string | null, userAgent?: string) {
      const refreshToken = newRefreshToken();
      const session = await repo.createSession(
        db,
        {
          userId: target.id,
          impersonatorId: actor.userId,
          parentSessionId: actor.sessionId,
          activeTenantId: tenantId,
          rememberMe: 'browser',
          userAgent: userAgent?.slice(0, 300),
          expiresAt: new Date(Date.now() + IMPERSONATION.sessionMinutes * 60_000),
        },
        hashToken(refreshToken),
      );
      return { ...(await issue(target, session, refreshToken)), sessionId: session.id };
    },

    /**
     * Ends the impersonation session of `principal` (without LogOut: the impersonator's tabs are told
     * ImpersonateStoped instead) and resumes the impersonator's own session with a fresh refresh token.
     */
    async endImpersonation(principal: Principal) {
      const session = await repo.findSession(db, principal.sessionId);
      if (!session?.impersonatorId || !session.parentSessionId) {
        throw new AppError('validation', 'You are not impersonating anyone');
      }
      await repo.revokeSessions(db, { sessionId: session.id }, 'impersonationEnded');
      const parent = await repo.findSession(db, session.parentSessionId);
      const actor = parent && (await repo.findUserById(db, parent.userId));
      const parentLive = parent && !parent.revokedAt && parent.expiresAt > new Date();
      if (!parent || !actor || actor.deletedAt || !parentLive || parent.userId !== session.impersonatorId) {
        throw Object.assign(new AppError('sessionExpired'), { impersonation: session });
      }
      const refreshToken = newRefreshToken();
      await repo.addRefreshToken(db, parent.id, hashToken(refreshToken));
      return { session, issued: await issue(actor, parent, refreshToken) };
    },

    /** Makes tenantId (or none) the session's active tenant; the caller must be allowed into it. */
    async setActiveTenant(principal: Principal, tenantId: string | null) {
      const user = await repo.findUserById(db, principal.userId);
      const session = await repo.findSession(db, principal.sessionId);
      if (!user || !session) throw new AppError('sessionExpired');
      if (tenantId) {
        const allowed = can(principal, POLICIES.superadmins)
          ? await repo.tenantExists(db, tenantId)
          : await repo.isMember(db, user.id, tenantId);
        if (!allowed) throw new AppError('forbidden', 'You are not a member of this tenant');
      }
      let moved = [session.id];
      if (session.impersonatorId) {
        // Viewing as someone is not their choice: only this impersonation session switches.
        await repo.setSessionTenant(db, session.id, tenantId);
      } else {
        // Every device of the user follows (spec part 1 §4, decision 017): their next refresh carries it.
        await repo.setUserActiveTenant(db, user.id, tenantId);
        const own = await repo.setOwnSessionsTenant(db, user.id, tenantId);
        moved = [session.id, ...own.map((s) => s.id).filter((id) => id !== session.id)];
      }
      await hub.activeTenantChanged(moved, tenantId);
      // The refresh token is not rotated here: the new access token carries the tenant.
      return issue({ ...user, activeTenantId: tenantId }, { ...session, activeTenantId: tenantId }, '');
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** The user as every auth answer carries it, for the session given (its tenant and impersonator). */
export function toAuthUser(
  user: repo.UserRow,
  roles: Role[],
  session: Pick<repo.SessionRow, 'activeTenantId' | 'impersonatorId'>,
): AuthResult['user'] {
  return {
    id: user.id,
    email: user.email,
    userName: user.name,
    surname: user.surname,
    displayName: [user.name, user.surname].filter(Boolean).join(' '),
    imagePath: user.imagePath,
    language: user.language,
    roles,
    isSuperadmin: can({ roles }, POLICIES.superadmins),
    activeTenantId: session.activeTenantId,
    ...(session.impersonatorId && { impersonatorId: session.impersonatorId }),
  };
}
