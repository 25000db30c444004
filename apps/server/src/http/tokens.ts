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
/** Verified access tokens remembered, least recently used first out (a few MB at most). */
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
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['exp'],
    // A signed-in browser sends the same token with every request until it is refreshed, so a token
    // verified once is remembered (never past its exp; failures are not remembered). Keyed by the
    // token itself: fast-jwt's default key is a SHA-256 of it, which costs as much as the check.
    cache: TOKEN_CACHE_SIZE,
    cacheKeyBuilder: (token) => token,
  });
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
      let payload: Record<string, unknown>;
      try {
        payload = verifier(token);
      } catch {
        return null;
      }
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is Role => ROLES.includes(r)) : [];
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        tenantId: typeof payload.tid === 'string' ? payload.tid : null,
        roles,
        ...(typeof payload.imp === 'string' && { impersonatorId: payload.imp }),
      };
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
