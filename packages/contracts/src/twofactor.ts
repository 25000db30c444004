import { z } from 'zod';
import { authResultSchema } from './auth.js';
import { AUTH } from './constants.js';

/** Two-factor sign-in with an authenticator app (TOTP, RFC 6238): issue 31. */
export const TWO_FACTOR = {
  /** Recovery codes made when it is turned on, each usable once instead of a code. */
  recoveryCodes: 10,
  /** A remembered device skips the code this long. */
  rememberDeviceDays: 30,
  /** How long the step between the password and the code may take. */
  challengeMinutes: 10,
  /** Digits of a code (the authenticator apps' default). */
  digits: 6,
} as const;

/**
 * A code typed at sign-in or to turn two-factor off: six digits from the app, or one of the recovery
 * codes (letters and digits in groups, e.g. 'k7p2-9xq4-mw3d'); the server tells them apart by form.
 */
export const twoFactorCodeSchema = z.string().trim().min(1, 'required').max(64, 'invalidCode');

/** The answer of POST /auth/login when a second step is needed instead of a session. */
export const twoFactorChallengeSchema = z.object({
  /** 'code': type the app's code; 'setup': the active tenant requires two-factor and it is not on yet. */
  twoFactor: z.enum(['code', 'setup']),
  /** A short-lived signed token naming the user, sent back with the second step. */
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /auth/login: a session, or the two-factor step that comes first. */
export const loginResultSchema = z.union([authResultSchema, twoFactorChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /auth/login/2fa. */
export const twoFactorVerifyBodySchema = z.object({
  challenge: z.string().min(1).max(4000),
  code: twoFactorCodeSchema,
  /** Skip the code on this browser for TWO_FACTOR.rememberDeviceDays. */
  rememberDevice: z.boolean().default(false),
});
export type TwoFactorVerifyBody = z.infer<typeof twoFactorVerifyBodySchema>;

/** The secret to put into an authenticator app, shown once. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (PNG data URL). */
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** A first code from the app confirms the setup. */
export const twoFactorConfirmBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${TWO_FACTOR.digits}}$`), 'invalidCode'),
});

/** The recovery codes, shown once when two-factor is turned on. */
export const twoFactorRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /auth/twofactor/setup/confirm: the enforced setup at sign-in ends in a session. */
export const twoFactorChallengeSetupBodySchema = z.object({ challenge: z.string().min(1).max(4000) });
export const twoFactorChallengeConfirmBodySchema = twoFactorChallengeSetupBodySchema.extend(
  twoFactorConfirmBodySchema.shape,
);
export const twoFactorSetupDoneSchema = authResultSchema.extend(twoFactorRecoveryCodesSchema.shape);

/** GET /me/2fa. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Browsers that skip the code now. */
  rememberedDevices: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /me/2fa/disable: the password and a code (or a recovery code). */
export const twoFactorDisableBodySchema = z.object({
  password: z.string().min(1, 'required').max(AUTH.passwordMax, 'passwordTooLong'),
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBodySchema>;
