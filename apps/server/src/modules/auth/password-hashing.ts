import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane (the library's default algorithm is argon2id). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of nothing anyone knows: verified against when the account does not exist, so timing reveals nothing. */
const DUMMY_HASH = hash('atrium-no-such-account', OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
