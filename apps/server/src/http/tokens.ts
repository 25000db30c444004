import { createHmac, hash } from 'node:crypto';
import { AUTH, ROLES, type Role } from '@atrium/contracts';
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';

/** Who is calling, as read from a verified access token. */
export type Principal = {
  userId: string;
  sessionId: string;
  tenantId: string | null;
  roles: Role[];
  /** The super administrator viewing the product as userId. */
  impersonatorId?: string;
};

const ISSUER = 'atrium';
/** Verified access tokens remembered, the least recently used first out (a few MB at most). */
const TOKEN_CACHE_SIZE = 10_000;

/**
 * Tokens verified before, with their principal, until their exp: a signed-in browser sends the same
 * token with every request until it refreshes it. Keyed by a SHA-256 of the token (tokenKey; about
 * 2 µs, a tenth of the check it saves), so that no usable token sits in the cache. Ages are read from
 * Date, the clock exp is counted on, to the millisecond (ttlResolution 0).
 */
export const verifiedTokens = (max = TOKEN_CACHE_SIZE) =>
  new LRUCache<string, Principal>({ max, perf: Date, ttlResolution: 0 });
export type VerifiedTokens = ReturnType<typeof verifiedTokens>;

/** The key of a token in the verified tokens. */
export const tokenKey = (token: string) => hash('sha256', token, 'base64url');

/**
 * Signs and verifies access tokens (HS256). fast-jwt computes the HMAC synchronously with
 * node:crypto: every request verifies a token, and WebCrypto's asynchronous HMAC cost about 20
 * times as much (bench/README.md).
 */
export function createTokenService(secret: string, verified: VerifiedTokens = verifiedTokens()) {
  const signer = createSigner({
    key: secret,
    algorithm: 'HS256',
    iss: ISSUER,
    expiresIn: AUTH.accessTokenSeconds * 1000,
  });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: ISSUER, requiredClaims: ['exp'] });
  return {
    /**
     * The refresh token that follows `refreshToken` at rotation: derived from it with the secret, so
     * a refresh whose answer was lost can be answered with the same one again (decision 002).
     */
    refreshSuccessor: (refreshToken: string) =>
      createHmac('sha256', secret).update(`refresh-successor:${refreshToken}`).digest('base64url'),
    sign(p: Principal): string {
      return signer({
        sub: p.userId,
        sid: p.sessionId,
        tid: p.tenantId,
        roles: p.roles,
        ...(p.impersonatorId && { imp: p.impersonatorId }),
      });
    },
    /** The principal of a valid token, or null for a missing, forged or expired one. */
    verify(token: string): Principal | null {
      const key = tokenKey(token);
      const known = verified.get(key);
      if (known) return known;
      let payload: Record<string, unknown>;
      try {
        payload = verifier(token);
      } catch {
        return null;
      }
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is Role => ROLES.includes(r)) : [];
      // Shared by every request that sends this token, so nobody may change it.
      const principal: Principal = Object.freeze({
        userId: payload.sub,
        sessionId: payload.sid,
        tenantId: typeof payload.tid === 'string' ? payload.tid : null,
        roles: Object.freeze(roles) as Role[],
        ...(typeof payload.imp === 'string' && { impersonatorId: payload.imp }),
      });
      // Failures are not remembered, so a forged or expired token is checked, and refused, every time.
      const ttl = (payload.exp as number) * 1000 - Date.now();
      if (ttl > 0) verified.set(key, principal, { ttl });
      return principal;
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/**
 * The bearer token of a request: the Authorization header. The access_token query parameter counts
 * only when the caller passes the query, which only the hub's requests do: browsers cannot set
 * headers on WebSockets and EventSource. Anywhere else a token in the URL is refused, as URLs end
 * up in logs, histories and Referer headers.
 */
export function bearerToken(headers: Record<string, string | string[] | undefined>, query?: unknown): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  const q = query as Record<string, unknown> | undefined;
  return typeof q?.access_token === 'string' && q.access_token ? q.access_token : null;
}
