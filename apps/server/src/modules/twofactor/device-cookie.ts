import { TWO_FACTOR } from '@atrium/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * 'Remember this device': the browser's token for skipping the code (its hash is stored, so it can be
 * revoked). Sent only to the auth endpoints, like the refresh cookie, where sign-in reads it.
 */
export const DEVICE_COOKIE = 'atrium_2fa_device';
const PATH = '/core/api/auth';

export const deviceTokenOf = (request: FastifyRequest): string | undefined => request.cookies[DEVICE_COOKIE];

export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: PATH,
    maxAge: TWO_FACTOR.rememberDeviceDays * 86_400,
  });
}
