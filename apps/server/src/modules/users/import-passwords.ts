import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { fieldError } from '../../http/errors.js';

/** How long a preview's sealed passwords may be confirmed. */
export const SEALED_PASSWORDS_MS = 60 * 60 * 1000;

type Sealed = { tenantId: string; userId: string; expires: number; byLine: Record<number, string> };

/**
 * The passwords of an import file never go back to the browser in the clear: the preview answers them
 * sealed (AES-256-GCM under a key derived from the server's secret), bound to the tenant, the importing
 * user and an hour, and the confirm opens them again. Every process of one installation shares the
 * secret, so any of them can open what another sealed; the browser can neither read nor alter them.
 */
export function importPasswordSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'atrium', 'users import passwords', 32));

  return {
    /** null when no row has a password. */
    seal(tenantId: string, userId: string, byLine: Record<number, string>, now = Date.now()): string | null {
      if (!Object.keys(byLine).length) return null;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const payload: Sealed = { tenantId, userId, expires: now + SEALED_PASSWORDS_MS, byLine };
      const data = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
    },

    /** The passwords by line; 400 `importExpired` when the seal is not this server's, not for this tenant and user, or too old. */
    open(sealed: string, tenantId: string, userId: string, now = Date.now()): Record<number, string> {
      const expired = fieldError('passwords', 'importExpired');
      let payload: Sealed;
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        payload = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
      } catch {
        throw expired;
      }
      if (payload.tenantId !== tenantId || payload.userId !== userId || payload.expires < now) throw expired;
      return payload.byLine;
    },
  };
}
export type ImportPasswordSeal = ReturnType<typeof importPasswordSeal>;
