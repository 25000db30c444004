import { z } from 'zod';

/** Longest push endpoint accepted (the services' URLs are a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2048;

/**
 * A standard Web Push subscription as the browser's `PushSubscription.toJSON()` gives it: the push
 * service's endpoint and the keys that encrypt messages for this browser (RFC 8291).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, base64url (65 bytes: 87 characters). */
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(80)
      .max(100),
    /** The 16-byte authentication secret, base64url. */
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(16)
      .max(32),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/**
 * POST /auth/pushtoken: `{token}` as the API contract says, the token being the subscription; the bare
 * subscription is accepted too.
 */
export const pushTokenBodySchema = z.union([z.object({ token: pushSubscriptionSchema }), pushSubscriptionSchema]);
export type PushTokenBody = z.infer<typeof pushTokenBodySchema>;

/** DELETE /auth/pushtoken: the endpoint of the subscription this browser gives up. */
export const pushTokenDeleteSchema = z.object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX) });

/** GET /auth/pushtoken/key: the server's VAPID public key, base64url, for `pushManager.subscribe`. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** What a push message carries; the service worker shows it and opens `url` on a click. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the web app (starting with /) opened when the notification is clicked. */
  url: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
