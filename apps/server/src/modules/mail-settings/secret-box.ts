import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';

/**
 * Seals short secrets (a Graph client secret) with AES-256-GCM under the installation's settings key
 * (SETTINGS_ENCRYPTION_KEY, or the key generated into DATA_DIR). A fresh 96-bit IV per seal; the
 * `context` (the owning tenant) is authenticated, so a sealed value copied to another tenant's row does
 * not open.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('The settings key must be 32 bytes');
  return {
    seal(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    /** The secret, or null when the value does not open under this key and context. */
    open(sealed: string, context: string): string | null {
      const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !data || iv.length !== 12 || tag.length !== 16) return null;
      try {
        const decipher = createDecipheriv(ALGORITHM, key, iv);
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
