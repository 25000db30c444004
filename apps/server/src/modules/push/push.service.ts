import https from 'node:https';
import net from 'node:net';
import type { PushMessage, PushSubscriptionBody } from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/tokens.js';
import type { VapidKeys } from './push.config.js';
import * as repo from './push.repository.js';

/** Browsers one user may have subscribed at a time; a new one pushes out the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
/** How long a push service keeps an undelivered message for an offline device, in seconds. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * `web-push` speaks https only (and takes only an https.Agent): this agent carries its request over
 * plain TCP, for the http: endpoints of a push service on loopback (PUSH_ALLOW_LOOPBACK).
 */
class PlainHttpAgent extends https.Agent {
  override createConnection(options: net.NetConnectOpts): net.Socket {
    return net.createConnection(options);
  }
}

export type PushResult = { sent: number; removed: number; failed: number };

/**
 * The push services of the browsers (Chrome and Edge through FCM, Firefox, Windows, Safari): the only
 * hosts the server posts a subscription's messages to, so a registered endpoint cannot make it call
 * an address of the operator's own network.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const isLoopback = (hostname: string) => {
  if (hostname === 'localhost') return true;
  const address = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * Whether the server may post to this endpoint: an https URL of a browsers' push service, with no user
 * info (`https://fcm.googleapis.com@127.0.0.1/` is 127.0.0.1) and no port of its own; with
 * `allowLoopback`, also an http(s) URL on loopback (a test's push service). Nothing else: no private,
 * link-local or internal address can be made a target.
 */
export function isAllowedPushEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  const url = URL.parse(endpoint);
  if (!url || url.username || url.password) return false;
  if (allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopback(url.hostname)) {
    return true;
  }
  if (url.protocol !== 'https:' || url.port) return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/**
 * Web push (RFC 8030 with VAPID, RFC 8292, and aes128gcm payloads, RFC 8291) through the `web-push`
 * library: browsers register their subscription after the user allows notifications, and
 * `sendToUser` delivers a message to each of the user's browsers. A subscription the push service
 * reports gone (404 or 410) is removed.
 */
export function createPushService({
  db,
  vapid,
  log,
  allowLoopback,
}: {
  db: Db;
  vapid: VapidKeys & { subject: string };
  log: FastifyBaseLogger;
  /** Also loopback endpoints, plain http too (PUSH_ALLOW_LOOPBACK: a test's push service). */
  allowLoopback: boolean;
}) {
  const plainHttp = allowLoopback ? new PlainHttpAgent() : undefined;
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };

  return {
    publicKey: () => vapid.publicKey,

    /** Stores the browser's subscription for the signed-in user. */
    async register(principal: Principal, subscription: PushSubscriptionBody) {
      // A super administrator viewing the product as someone must not receive that person's pushes.
      if (principal.impersonatorId) {
        throw new AppError('forbidden', 'Notifications cannot be turned on while viewing as another user');
      }
      if (!isAllowedPushEndpoint(subscription.endpoint, allowLoopback)) {
        throw fieldError(
          'endpoint',
          'must be an https: URL of a browser push service',
          'A push endpoint must be an https: URL of a browser push service',
        );
      }
      await repo.upsertSubscription(db, principal.userId, {
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      });
      await repo.trimSubscriptions(db, principal.userId, MAX_SUBSCRIPTIONS_PER_USER);
    },

    /** Forgets the browser's subscription (the user turned notifications off or signed out). */
    async unregister(principal: Principal, endpoint: string) {
      await repo.deleteSubscription(db, principal.userId, endpoint);
    },

    /** Whether the user has any browser to push to. */
    async hasSubscriptions(userId: string) {
      return (await repo.subscriptionsOf(db, userId)).length > 0;
    },

    /**
     * Sends the message to every browser of the user; never throws (a push is a courtesy beside the
     * in-app notification). Gone subscriptions are removed; other failures are logged and kept.
     */
    async sendToUser(userId: string, message: PushMessage): Promise<PushResult> {
      // Checked again before posting: a subscription stored under a laxer setting is never posted to.
      const subscriptions = (await repo.subscriptionsOf(db, userId)).filter((s) =>
        isAllowedPushEndpoint(s.endpoint, allowLoopback),
      );
      const payload = JSON.stringify({ title: message.title, body: message.body, url: message.url ?? '/' });
      const gone: string[] = [];
      const delivered: string[] = [];
      let failed = 0;
      await Promise.all(
        subscriptions.map(async (s) => {
          try {
            await webpush.sendNotification(
              { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
              payload,
              {
                vapidDetails,
                TTL: TTL_SECONDS,
                timeout: SEND_TIMEOUT_MS,
                contentEncoding: 'aes128gcm',
                ...(s.endpoint.startsWith('http:') ? { agent: plainHttp } : {}),
              },
            );
            delivered.push(s.id);
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) {
              gone.push(s.id);
            } else {
              failed++;
              // The endpoint is a capability URL: log its host only.
              log.warn({ status, host: hostOf(s.endpoint), err: (error as Error).message }, 'web push failed');
            }
          }
        }),
      );
      await repo.deleteByIds(db, gone);
      await repo.markSent(db, delivered);
      return { sent: delivered.length, removed: gone.length, failed };
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '?';
  }
}
