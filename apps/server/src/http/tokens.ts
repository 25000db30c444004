import { AUTH, ROLES, type Role } from '@atrium/contracts';
import { jwtVerify, SignJWT } from 'jose';

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

export function createTokenService(secret: string) {
  // Imported once: handing jose the raw bytes would import the key again on every request.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(p: Principal): Promise<string> {
      return new SignJWT({
        sid: p.sessionId,
        tid: p.tenantId,
        roles: p.roles,
        ...(p.impersonatorId && { imp: p.impersonatorId }),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(p.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${AUTH.accessTokenSeconds}s`)
        .sign(await key);
    },
    /** The principal of a valid token, or null for a missing, forged or expired one. */
    async verify(token: string): Promise<Principal | null> {
      try {
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, algorithms: ['HS256'] });
        const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is Role => ROLES.includes(r)) : [];
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return {
          userId: payload.sub,
          sessionId: payload.sid,
          tenantId: typeof payload.tid === 'string' ? payload.tid : null,
          roles,
          ...(typeof payload.imp === 'string' && { impersonatorId: payload.imp }),
        };
      } catch {
        return null;
      }
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
