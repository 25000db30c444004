import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts short secrets at rest (AES-256-GCM) under a key derived by HKDF, with a purpose label, from
 * the installation's settings key (SETTINGS_ENCRYPTION_KEY, or the key generated into DATA_DIR, as the
 * mail settings use), so the database alone does not give away authenticator secrets. `context` (the
 * user) is authenticated: a sealed value copied to another user's row does not open. Losing the key
 * makes stored secrets unreadable (their users then need a reset of their two-factor).
 */
export function createSecretBox(settingsKey: Buffer, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', settingsKey, 'atrium', `secret-box:${purpose}`, 32));
  return {
    seal(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string, context: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown sealed format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
