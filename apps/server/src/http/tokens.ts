import { AUTH, ROLES, type Role } from '@atrium/contracts';
import { createSigner, createVerifier } from 'fast-jwt';

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
/** Verified access tokens remembered, oldest first out (a few MB at most). */
const TOKEN_CACHE_SIZE = 10_000;

/**
 * Signs and verifies access tokens (HS256). fast-jwt computes the HMAC synchronously with
 * node:crypto: every request verifies a token, and WebCrypto's asynchronous HMAC cost about 20
 * times as much (bench/README.md).
 */
export function createTokenService(secret: string) {
  const signer = createSigner({
    key: secret,
    algorithm: 'HS256',
    iss: ISSUER,
    expiresIn: AUTH.accessTokenSeconds * 1000,
  });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: ISSUER, requiredClaims: ['exp'] });
  /**
   * Tokens verified before, with their principal, until their exp: a signed-in browser sends the same
   * token with every request until it refreshes it. Failures are not remembered. (fast-jwt's own cache
   * keys entries by a SHA-256 of the token, which costs about as much as the check it saves.)
   */
  const verified = new Map<string, { principal: Principal; until: number }>();
  return {
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
      const known = verified.get(token);
      if (known && known.until > Date.now()) return known.principal;
      verified.delete(token);
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
      // The oldest entry makes room (a Map iterates in insertion order).
      if (verified.size >= TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, { principal, until: (payload.exp as number) * 1000 });
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
