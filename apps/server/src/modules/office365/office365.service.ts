import type { OfficeSettings } from '@atrium/contracts';
import { jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Office365Config } from './office365.config.js';
import * as repo from './office365.repository.js';

/** Message key the web app shows when the Microsoft account belongs to another user. */
export const ALREADY_LINKED = 'alreadyLoginedByAnotherMicrosoftAccount';
const FLOW_MINUTES = 10;

/**
 * Microsoft 365 sign-in with the authorization-code flow and PKCE. The state, nonce and code
 * verifier travel in a short-lived signed cookie, so any server process can finish the flow.
 */
export function createOffice365Service(deps: {
  db: Db;
  auth: AuthService;
  config: Office365Config | null;
  redirectUri: string;
  secret: string;
}) {
  const { db, auth, config, redirectUri } = deps;
  const key = new TextEncoder().encode(deps.secret);
  let discovered: Promise<oidc.Configuration> | undefined;

  function client(c: Office365Config) {
    discovered ??= oidc
      .discovery(new URL(c.issuer), c.clientId, c.clientSecret, undefined, {
        // Only a loopback stand-in for the identity provider is ever plain http (tests, local runs).
        execute: new URL(c.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  }

  return {
    /** The settings the sign-in page needs, with a fresh authorization URL and the cookie that pairs with it. */
    async start(): Promise<{ settings: OfficeSettings; flowCookie: string | null }> {
      if (!config) {
        return {
          settings: { enabled: false, tenantId: null, clientId: null, url: null, scope: null, hostPattern: null },
          flowCookie: null,
        };
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(await client(config), {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: config.scope,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const flowCookie = await new SignJWT({ state, nonce, verifier })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience('office365-flow')
        .setExpirationTime(`${FLOW_MINUTES}m`)
        .sign(key);
      return {
        settings: {
          enabled: true,
          tenantId: config.tenantId,
          clientId: config.clientId,
          url: url.href,
          scope: config.scope,
          hostPattern: config.hostPattern ?? null,
        },
        flowCookie,
      };
    },

    /** Exchanges the code on the server, checks the ID token and signs in the user with that email. */
    async finish(input: {
      code: string;
      state: string;
      iss?: string;
      flowCookie: string | undefined;
      rememberMe: boolean;
      userAgent?: string;
    }) {
      if (!config) throw new AppError('notFound', 'Microsoft 365 sign-in is not configured');
      const flow = await readFlow(input.flowCookie);
      if (!flow || flow.state !== input.state) throw fieldError('state', 'invalidState');

      let claims: Record<string, unknown>;
      try {
        const callback = new URL(redirectUri);
        // Providers that support RFC 9207 name themselves in `iss`; it must come back untouched.
        callback.search = new URLSearchParams({
          code: input.code,
          state: input.state,
          ...(input.iss && { iss: input.iss }),
        }).toString();
        const c = await client(config);
        const tokens = await oidc.authorizationCodeGrant(c, callback, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims()!;
        claims = { ...idToken };
        // Providers may keep email out of the ID token and answer it from userinfo instead.
        if (!emailOf(claims))
          claims = { ...(await oidc.fetchUserInfo(c, tokens.access_token, idToken.sub)), ...claims };
      } catch {
        throw new AppError('unauthenticated', 'microsoftLoginFailed');
      }
      // Only accounts of the organisations this installation trusts: any Entra tenant can mint tokens.
      if (typeof claims.tid !== 'string' || !config.allowedTenantIds.includes(claims.tid)) {
        throw new AppError('forbidden', 'microsoftTenantNotAllowed');
      }
      const email = emailOf(claims);
      if (!email) throw new AppError('unauthenticated', 'microsoftAccountHasNoEmail');
      const microsoftId = `${claims.tid}:${typeof claims.oid === 'string' ? claims.oid : claims.sub}`;

      const user = await auth.findLiveUserByEmail(email);
      if (!user) throw new AppError('unauthenticated', 'noAccountForMicrosoftUser');
      if (user.microsoftId && user.microsoftId !== microsoftId) throw new AppError('conflict', ALREADY_LINKED);
      if (!user.microsoftId && !(await repo.linkMicrosoftAccount(db, user.id, microsoftId))) {
        throw new AppError('conflict', ALREADY_LINKED);
      }
      return auth.startSession(user, input.rememberMe, input.userAgent);
    },
  };

  function emailOf(claims: Record<string, unknown>) {
    return [claims.email, claims.preferred_username, claims.upn].find(
      (v): v is string => typeof v === 'string' && v.includes('@'),
    );
  }

  async function readFlow(cookie: string | undefined) {
    if (!cookie) return null;
    try {
      const { payload } = await jwtVerify(cookie, key, { audience: 'office365-flow', algorithms: ['HS256'] });
      const { state, nonce, verifier } = payload as Record<string, unknown>;
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') return null;
      return { state, nonce, verifier };
    } catch {
      return null;
    }
  }
}
