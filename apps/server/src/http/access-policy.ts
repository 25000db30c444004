import { type AccessPolicy, decideAccess } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';
import type { LiveSessions } from './live-sessions.js';
import type { TenantFeatures } from './tenant-features.js';
import { bearerToken, type Principal, type TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. Every route must declare one; see the startup check below. */
    policy?: AccessPolicy;
    /**
     * Also take the access token from the access_token query parameter. The hub's routes only:
     * everywhere else the Authorization header is the one place for a bearer token.
     */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** What authenticates a caller: the token's signature, then its session (revoked sessions end at once). */
export type Authenticator = { tokens: TokenService; sessions: LiveSessions };

/** The principal of a valid access token whose session is live. */
export async function principalOfToken(
  { tokens, sessions }: Authenticator,
  token: string | null,
): Promise<Principal | null> {
  if (!token) return null;
  const principal = tokens.verify(token);
  if (!principal || !(await sessions.isLive(principal.sessionId))) return null;
  return principal;
}

/** The caller of a request; its token is read from the query only with tokenInQuery (see bearerToken). */
export async function authenticate(
  authenticator: Authenticator,
  request: FastifyRequest,
  { tokenInQuery = false }: { tokenInQuery?: boolean } = {},
): Promise<Principal | null> {
  return principalOfToken(authenticator, bearerToken(request.headers, tokenInQuery ? request.query : undefined));
}

type RouteEntry = { method: string | string[]; url: string; policy?: AccessPolicy };

type PolicyPluginOptions = { authenticator: Authenticator; features: TenantFeatures };

/**
 * Enforces each route's declared policy before its handler runs, and refuses to start
 * when any route declares none.
 */
export const accessPolicyPlugin = fp<PolicyPluginOptions>(async (app: FastifyInstance, { authenticator, features }) => {
  const routes: { options: { method: string | string[]; url: string; config?: { policy?: AccessPolicy } } }[] = [];
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (options) => {
    routes.push({ options: options as never });
  });

  app.addHook('onReady', async () => {
    const missing = listRoutes().filter((r) => !r.policy);
    if (missing.length) {
      throw new Error(`Routes without an access policy: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });

  function listRoutes(): RouteEntry[] {
    return routes.map(({ options }) => ({
      method: options.method,
      url: options.url,
      policy: options.config?.policy,
    }));
  }
  app.decorate('listRoutes', listRoutes);

  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config?.policy;
    // Unknown URLs reach the not-found handler, which has nothing to protect.
    if (!request.routeOptions.url) return;
    if (!policy) throw new AppError('forbidden', 'This route declares no access policy');
    if (policy.access === 'public') return;

    const tokenInQuery = request.routeOptions.config?.tokenInQuery === true;
    const principal = await authenticate(authenticator, request, { tokenInQuery });
    if (!principal) throw new AppError('unauthenticated');
    request.principal = principal;
    const needsFeatures = 'feature' in policy && policy.feature;
    const featureNames = needsFeatures ? await features.names(principal.tenantId) : [];
    const decision = decideAccess(policy, { roles: principal.roles, features: featureNames });
    if (decision === 'forbidden') throw new AppError('forbidden');
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its declared policy (the policy tests walk this). */
    listRoutes(): RouteEntry[];
  }
}
