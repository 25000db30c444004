import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError, fieldError } from '../../http/errors.js';
import { refuseWhileImpersonating } from '../../http/tenant-context.js';
import type { Principal } from '../../http/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import { type AuthService, sessionSource } from '../auth/auth.service.js';
import { hashPassword } from '../auth/password-hashing.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import type { MailService } from '../mail/mail.service.js';
import type { UsersService } from '../users/users.service.js';
import { resetPasswordMail } from './passwords.mail.js';
import * as repo from './passwords.repository.js';

const RESET_TOKEN_MS = 3_600_000;
/** At most this many reset mails per account per quarter hour; more are silently dropped. */
const MAX_RESETS_PER_WINDOW = 3;
const RESET_WINDOW_MS = 15 * 60_000;
/**
 * How often queued forgot-password requests are looked at. Not when a request comes in: the work a
 * known address costs then falls on no request in particular (ASVS 6.3.8).
 */
const RESET_QUEUE_MS = 1000;
/** Requests beyond this many waiting are dropped, whatever their address (a bound on memory). */
const RESET_QUEUE_MAX = 10_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Passwords over their life: the forgot-password mail and its reset link, changing your own, and an
 * administrator setting someone else's. Hashing itself is auth's (auth/password-hashing.ts).
 */
export function createPasswordsService(deps: {
  db: Db;
  mail: MailService;
  auth: AuthService;
  users: UsersService;
  audit: AuditService;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, mail, auth, users, audit, publicUrl, log } = deps;
  /** Forgot-password requests waiting for the queue's next turn: the address only. */
  const queue: string[] = [];
  let draining: Promise<void> | null = null;
  /** Mails a reset link when the account exists (and has not had too many lately). */
  async function mailResetLink(email: string) {
    const user = await auth.findLiveUserByEmail(email);
    if (!user) return;
    if ((await repo.recentResetCount(db, user.id, new Date(Date.now() - RESET_WINDOW_MS))) >= MAX_RESETS_PER_WINDOW)
      return;
    const token = randomBytes(32).toString('base64url');
    await repo.insertResetToken(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
    });
    const link = `${publicUrl}/resetpassword?${new URLSearchParams({ id: user.id, token })}`;
    await mail.send(resetPasswordMail(user, link));
  }

  /**
   * One turn takes the requests queued before it began; later ones wait for the next turn. Taking
   * them as they arrive would put a known address's work right after its own answer whenever a turn
   * was under way, which is the very timing the queue is there to hide.
   */
  async function drain() {
    for (const email of queue.splice(0)) {
      await mailResetLink(email).catch((err) =>
        log.error({ err }, 'forgot password: the reset mail could not be prepared'),
      );
    }
  }
  /** Works through the queue; a turn already under way is joined. */
  const runQueue = () => {
    draining ??= drain().finally(() => {
      draining = null;
    });
    return draining;
  };
  const timer = setInterval(() => void runQueue(), RESET_QUEUE_MS);
  timer.unref();

  return {
    /**
     * Queues the request and returns at once, known address or not: the same work on the request's
     * path either way (ASVS 6.3.8). The queue's turn, about once a second, looks the account up and
     * mails the link, apart from any request.
     */
    forgot(email: string) {
      if (queue.length < RESET_QUEUE_MAX) queue.push(email);
    },

    /** Resolves once every queued reset request is done (tests; shutdown waits for it). */
    async settled() {
      while (queue.length || draining) await runQueue();
    },

    /** Stops the queue's turns (after settled(), at shutdown). */
    stop() {
      clearInterval(timer);
    },

    /** Sets a new password from a mailed token and ends every session of the account. */
    async reset(userId: string, token: string, password: string) {
      await db.transaction(async (tx) => {
        const user = await repo.findUser(tx, userId);
        if (!user || user.deletedAt || !(await repo.consumeResetToken(tx, userId, hashToken(token)))) {
          throw fieldError('token', 'invalidOrExpiredResetLink');
        }
        // Only once the link is proven: the rule's answer tells about the account's email. A refused
        // password rolls the transaction back, so the link still works for a better one.
        await assertPasswordAllowed(password, user.email);
        await repo.setPasswordHash(tx, userId, await hashPassword(password));
      });
      await auth.revokeAllOf(userId, 'passwordReset');
    },

    /**
     * Changes the caller's own password; other sessions of the account end. Guesses of the current
     * password count against the sign-in limit (429 with Retry-After past it), for the account and
     * this session, not the caller's address.
     */
    async change(principal: Principal, password: string, currentPassword: string) {
      refuseWhileImpersonating(principal, 'Passwords');
      const user = await repo.findUser(db, principal.userId);
      if (!user) throw new AppError('sessionExpired');
      if (!(await auth.checkPassword(user.email, sessionSource(principal), user.passwordHash, currentPassword))) {
        throw fieldError('currentPassword', 'wrongCurrentPassword');
      }
      await assertPasswordAllowed(password, user.email);
      await repo.setPasswordHash(db, user.id, await hashPassword(password));
      await auth.revokeOtherSessions(user.id, principal.sessionId, 'passwordChanged');
    },

    /**
     * Sets another user's password (PUT /auth/resetpassword/{id}): a super administrator anyone's, a
     * tenant administrator that of their tenant's users (see users' checkPasswordReset). Their sessions end.
     */
    async setForUser(activeTenantId: string | null, principal: Principal, userId: string, password: string) {
      refuseWhileImpersonating(principal, 'Passwords');
      if (userId === principal.userId) {
        throw fieldError('id', 'useChangePassword', 'Change your own password from your profile');
      }
      const target = await users.checkPasswordReset(activeTenantId, principal, userId);
      await assertPasswordAllowed(password, target.email);
      const passwordHash = await hashPassword(password);
      const tenantIds = await users.tenantIdsOf(userId);
      await db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, userId, passwordHash);
        await audit.record(tx, {
          action: 'password.resetByAdmin',
          tenantId: activeTenantId ?? tenantIds[0] ?? null,
          recordType: 'user',
          recordId: userId,
          targetUserId: userId,
          data: { email: target.email },
        });
      });
      await auth.revokeAllOf(userId, 'passwordReset');
      return true as const;
    },
  };
}
export type PasswordsService = ReturnType<typeof createPasswordsService>;
