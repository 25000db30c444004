import { z } from 'zod';
import { bool, defineSettings } from '../../settings.js';

export type VapidKeys = { publicKey: string; privateKey: string };

declare module '../../settings.js' {
  interface ModuleConfig {
    /** The web push key pair (base64url; null: the push module keeps one in DATA_DIR) and the contact push services see. */
    vapid: { keys: VapidKeys | null; subject: string };
    /** Whether web push endpoints on loopback are accepted (PUSH_ALLOW_LOOPBACK; tests' local push service). */
    pushAllowLoopback: boolean;
  }
}

export default defineSettings({
  env: {
    /**
     * Web push (VAPID) key pair, base64url as `npx web-push generate-vapid-keys` prints it; generated into
     * DATA_DIR when unset. Every server process must use the same pair (browsers subscribe with the public key).
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key (65 bytes)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key (32 bytes)')
      .optional(),
    /** Who push services may contact about our pushes: a mailto: or https: URL; defaults to MAIL_FROM's address. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .optional(),
    /**
     * Also accept web push endpoints on this machine's loopback (127.0.0.0/8, ::1, localhost), plain http
     * too: for tests that run a push service locally. Off, only browsers' push services are accepted.
     */
    PUSH_ALLOW_LOOPBACK: bool,
  },
  read: (e, _platform, report, all) => {
    if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
      report('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY', 'set both or neither');
    }
    // The mail module's sender (its default applied).
    const from = String(all.MAIL_FROM);
    return {
      vapid: {
        keys:
          e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
            ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
            : null,
        subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from.trim()}`,
      },
      pushAllowLoopback: e.PUSH_ALLOW_LOOPBACK ?? false,
    };
  },
});
