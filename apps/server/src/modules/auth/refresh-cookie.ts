import { AUTH } from '@atrium/contracts';
import type { FastifyReply } from 'fastify';
import type { Issued } from './auth.service.js';

/** The refresh cookie is only ever sent to the auth endpoints. */
export const REFRESH_COOKIE = 'atrium_refresh';
export const AUTH_COOKIE_PATH = '/core/api/auth';

/** Sets the rotated refresh cookie and answers what the client may see: the user and the access token. */
export function sendIssued(reply: FastifyReply, issued: Issued, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: AUTH_COOKIE_PATH,
    // A browser-session cookie has no max age and ends with the browser.
    ...(issued.persistent && { maxAge: AUTH.rememberMeDays * 86_400 }),
  });
  return { user: issued.user, token: issued.token };
}

export const clearRefreshCookie = (reply: FastifyReply) =>
  reply.clearCookie(REFRESH_COOKIE, { path: AUTH_COOKIE_PATH });
