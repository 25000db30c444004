import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { PRODUCT_NAME, TWO_FACTOR, type TwoFactorChallenge } from '@atrium/contracts';
import { createSigner, createVerifier } from 'fast-jwt';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.js';
import { AppError, fieldError } from '../../http/errors.js';
import { refuseWhileImpersonating } from '../../http/tenant-context.js';
import type { Principal } from '../../http/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import { type AuthService, sessionSource, type UserRow } from '../auth/auth.service.js';
import { createSecretBox } from './secret-box.js';
import * as repo from './twofactor.repository.js';

/** Signs the step between password and code; another issuer than access tokens, so neither passes for the other. */
const CHALLENGE_ISSUER = 'atrium-2fa';
/** Recovery codes: 12 characters of this alphabet (no 0/o, 1/l/i), about 59 random bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const TOTP_FORM = new RegExp(`^\\d{${TWO_FACTOR.digits}}$`);

const challengeExpired = () => new AppError('sessionExpired', 'The sign-in step has expired. Sign in again.');

function newRecoveryCode() {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
/** A typed recovery code as stored: lower case, without dashes or spaces. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export function createTwoFactorService({
  db,
  auth,
  audit,
  secret,
  settingsKey,
}: {
  db: Db;
  auth: AuthService;
  audit: AuditService;
  /** The installation's settings key (config.settingsKey): the authenticator secrets are sealed under it. */
  settingsKey: Buffer;
  /** The server's secret (JWT_SECRET): signs challenges and keys the recovery code hashes. */
  secret: string;
}) {
  const box = createSecretBox(settingsKey, 'totp');
  const hashRecovery = (code: string) =>
    createHmac('sha256', secret)
      .update(`2fa-recovery:${normalizeRecovery(code)}`)
      .digest('base64url');
  const hashDevice = (token: string) => createHash('sha256').update(token).digest('base64url');
  /** Ties a challenge to the password it proved: a password changed meanwhile voids it. */
  const passwordMark = (user: UserRow) =>
    createHash('sha256')
      .update(user.passwordHash ?? '')
      .digest('base64url')
      .slice(0, 16);
  const signer = createSigner({
    key: secret,
    algorithm: 'HS256',
    iss: CHALLENGE_ISSUER,
    expiresIn: TWO_FACTOR.challengeMinutes * 60_000,
  });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: CHALLENGE_ISSUER,
    requiredClaims: ['exp'],
  });

  function challengeFor(user: UserRow, step: TwoFactorChallenge['twoFactor'], rememberMe: boolean): TwoFactorChallenge {
    return { twoFactor: step, challenge: signer({ sub: user.id, step, rm: rememberMe, pw: passwordMark(user) }) };
  }

  /** The user a challenge of this step names, if it is valid, unexpired and their password is unchanged. */
  async function openChallenge(challenge: string, step: TwoFactorChallenge['twoFactor']) {
    let payload: Record<string, unknown>;
    try {
      payload = verifier(challenge);
    } catch {
      throw challengeExpired();
    }
    if (payload.step !== step || typeof payload.sub !== 'string') throw challengeExpired();
    const user = await auth.findLiveUser(payload.sub);
    if (!user || payload.pw !== passwordMark(user)) throw challengeExpired();
    return { user, rememberMe: payload.rm === true };
  }

  /** Whether a code from the app is right now and was not used before (its time step is taken). */
  async function totpMatches(row: repo.TwoFactorRow, code: string) {
    try {
      const result = await verify({
        secret: box.open(row.secretEncrypted, row.userId),
        token: code,
        // One step either way for clocks that drift.
        epochTolerance: 30,
        ...(row.lastUsedStep != null && { afterTimeStep: row.lastUsedStep }),
      });
      return result.valid && 'timeStep' in result && (await repo.takeStep(db, row.userId, result.timeStep));
    } catch {
      return false;
    }
  }

  /**
   * Checks a code under the sign-in limit (per account and per `source`, as passwords): the app's
   * code, or, for an enabled account when `recovery` allows it, one of its unused recovery codes,
   * which is used up.
   */
  function checkCode(user: UserRow, row: repo.TwoFactorRow, source: string, code: string, recovery = true) {
    const typed = code.replace(/\s/g, '');
    return auth.checkLimited(user.email, source, async () => {
      if (TOTP_FORM.test(typed)) return totpMatches(row, typed);
      return recovery && !!row.enabledAt && repo.useRecoveryCode(db, user.id, hashRecovery(typed));
    });
  }

  async function startSetup(user: UserRow) {
    const existing = await repo.findTwoFactor(db, user.id);
    if (existing?.enabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on');
    const totpSecret = generateSecret();
    if (!(await repo.upsertPending(db, user.id, box.seal(totpSecret, user.id)))) {
      throw new AppError('conflict', 'Two-factor sign-in is already on');
    }
    const otpauthUrl = generateURI({ issuer: PRODUCT_NAME, label: user.email, secret: totpSecret });
    const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
    return { secret: totpSecret, otpauthUrl, qrDataUrl };
  }

  /** Confirms a started setup with a first code; answers the recovery codes (shown once). */
  async function confirmSetup(user: UserRow, source: string, code: string) {
    const row = await repo.findTwoFactor(db, user.id);
    if (row?.enabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on');
    if (!row) throw fieldError('code', 'twoFactorNotStarted');
    if (!(await checkCode(user, row, source, code, false))) throw fieldError('code', 'invalidCode');
    const recoveryCodes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newRecoveryCode);
    const enabled = await db.transaction((tx) => repo.enable(tx, user.id, recoveryCodes.map(hashRecovery)));
    if (!enabled) throw new AppError('conflict', 'Two-factor sign-in is already on');
    return recoveryCodes;
  }

  /**
   * Whether the tenant the session would start in requires two-factor of its users; with none yet (the
   * user chooses after signing in), whether any of their tenants does. Only memberships count: a super
   * administrator visiting a tenant is not its user.
   */
  async function requiredFor(user: UserRow) {
    const memberOf = await repo.memberTenantIds(db, user.id);
    const tenantId = await auth.initialTenantOf(user);
    if (!tenantId) return repo.anyRequires(db, memberOf);
    return memberOf.includes(tenantId) && repo.anyRequires(db, [tenantId]);
  }

  async function ownUser(principal: Principal) {
    const user = await auth.findLiveUser(principal.userId);
    if (!user) throw new AppError('sessionExpired');
    return user;
  }

  return {
    /**
     * Before a session moves into a tenant: a member who has two-factor off may not enter a tenant that
     * requires it (they turn it on from their profile first), so a sign-in that started in another tenant
     * cannot walk around the requirement. Viewing as someone and accounts that sign in with Microsoft 365
     * (its own MFA) are not asked, as at sign-in.
     */
    async assertMayEnter(principal: Principal, tenantId: string | null) {
      if (!tenantId || principal.impersonatorId) return;
      const user = await auth.findLiveUser(principal.userId);
      if (!user || user.microsoftId) return;
      if (!(await repo.memberTenantIds(db, user.id)).includes(tenantId)) return;
      if (!(await repo.anyRequires(db, [tenantId]))) return;
      if ((await repo.findTwoFactor(db, user.id))?.enabledAt) return;
      throw new AppError('twoFactorRequired');
    },

    /**
     * After a right password: null when a session may start now, else the step that comes first: the
     * code when two-factor is on (unless this browser is remembered), the setup when the tenant the
     * session would start in requires two-factor and it is off.
     */
    async afterPassword(
      user: UserRow,
      { rememberMe, deviceToken }: { rememberMe: boolean; deviceToken?: string },
    ): Promise<TwoFactorChallenge | null> {
      const row = await repo.findTwoFactor(db, user.id);
      if (row?.enabledAt) {
        if (deviceToken && (await repo.isLiveDevice(db, user.id, hashDevice(deviceToken)))) return null;
        return challengeFor(user, 'code', rememberMe);
      }
      return (await requiredFor(user)) ? challengeFor(user, 'setup', rememberMe) : null;
    },

    /** The second step of sign-in: a code or a recovery code; a session, and a device token when asked. */
    async verifySignIn(input: {
      challenge: string;
      code: string;
      rememberDevice: boolean;
      ip: string;
      userAgent?: string;
    }) {
      const { user, rememberMe } = await openChallenge(input.challenge, 'code');
      const row = await repo.findTwoFactor(db, user.id);
      if (!row?.enabledAt) throw challengeExpired();
      if (!(await checkCode(user, row, input.ip, input.code))) throw fieldError('code', 'invalidCode');
      let deviceToken: string | undefined;
      if (input.rememberDevice) {
        deviceToken = randomBytes(32).toString('base64url');
        await repo.pruneDevices(db);
        await repo.addDevice(db, {
          userId: user.id,
          tokenHash: hashDevice(deviceToken),
          userAgent: input.userAgent?.slice(0, 300),
          expiresAt: new Date(Date.now() + TWO_FACTOR.rememberDeviceDays * 86_400_000),
        });
      }
      return { issued: await auth.startSession(user, rememberMe, input.userAgent), deviceToken };
    },

    /** The setup a tenant requires, at sign-in (the challenge stands for the password). */
    async startSetupAtSignIn(challenge: string) {
      const { user } = await openChallenge(challenge, 'setup');
      return startSetup(user);
    },

    /** Confirms the setup required at sign-in: the recovery codes and the session. */
    async confirmSetupAtSignIn(input: { challenge: string; code: string; ip: string; userAgent?: string }) {
      const { user, rememberMe } = await openChallenge(input.challenge, 'setup');
      const recoveryCodes = await confirmSetup(user, input.ip, input.code);
      return { recoveryCodes, issued: await auth.startSession(user, rememberMe, input.userAgent) };
    },

    async status(principal: Principal) {
      const row = await repo.findTwoFactor(db, principal.userId);
      const enabled = !!row?.enabledAt;
      return {
        enabled,
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await repo.countRecoveryCodesLeft(db, principal.userId) : 0,
        rememberedDevices: enabled ? await repo.countDevices(db, principal.userId) : 0,
      };
    },

    /** Starts turning two-factor on from the profile: the secret and its QR code, shown once. */
    async startSetup(principal: Principal) {
      refuseWhileImpersonating(principal, 'Two-factor sign-in');
      return startSetup(await ownUser(principal));
    },

    /** Turns it on with a first code (guesses count against the sign-in limit of this session). */
    async confirmSetup(principal: Principal, code: string) {
      refuseWhileImpersonating(principal, 'Two-factor sign-in');
      return confirmSetup(await ownUser(principal), sessionSource(principal), code);
    },

    /** Turns it off: the password and a code (or a recovery code); remembered devices are revoked. */
    async disable(principal: Principal, password: string, code: string) {
      refuseWhileImpersonating(principal, 'Two-factor sign-in');
      const user = await ownUser(principal);
      const row = await repo.findTwoFactor(db, user.id);
      if (!row?.enabledAt) throw new AppError('conflict', 'Two-factor sign-in is not on');
      const source = sessionSource(principal);
      if (!(await auth.checkPassword(user.email, source, user.passwordHash, password))) {
        throw fieldError('password', 'wrongCurrentPassword');
      }
      if (!(await checkCode(user, row, source, code))) throw fieldError('code', 'invalidCode');
      // The secret, the recovery codes and the remembered devices go together or not at all.
      await db.transaction((tx) => repo.remove(tx, user.id));
    },

    /** A super administrator turns a user's two-factor off (they lost their phone); written to the audit log. */
    async reset(userId: string) {
      const user = await auth.findLiveUser(userId);
      if (!user) throw new AppError('notFound', 'No such user');
      await db.transaction(async (tx) => {
        const removed = await repo.remove(tx, userId);
        await audit.record(tx, {
          action: 'twoFactor.reset',
          recordType: 'user',
          recordId: userId,
          targetUserId: userId,
          data: { wasEnabled: !!removed?.enabledAt },
        });
      });
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
