import { z } from 'zod';
import { defineSettings } from '../../settings.js';

/** Per-user limits on stored uploads (README, "Uploads"). */
export type UploadLimits = {
  /** Bytes one user may upload in any hour. */
  bytesPerHour: number;
  /** How long an upload no record shows is kept. */
  graceMs: number;
  /** How often the sweep runs. */
  sweepEveryMs: number;
};

declare module '../../settings.js' {
  interface ModuleConfig {
    uploads: UploadLimits;
  }
}

export default defineSettings({
  env: {
    /** Bytes one user may upload (avatars, logos) in any hour; beyond it uploads answer 429. Default 20 MiB. */
    UPLOAD_BYTES_PER_HOUR: z.coerce
      .number()
      .int()
      .min(1)
      .default(20 * 1024 * 1024),
    /** Minutes an upload no record shows is kept (a form may still be open) before the sweep removes it. */
    UPLOAD_GRACE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(24 * 60),
    /** Minutes between two sweeps of unsaved uploads. */
    UPLOAD_SWEEP_MINUTES: z.coerce.number().int().min(1).default(60),
  },
  read: (e) => ({
    uploads: {
      bytesPerHour: e.UPLOAD_BYTES_PER_HOUR,
      graceMs: e.UPLOAD_GRACE_MINUTES * 60_000,
      sweepEveryMs: e.UPLOAD_SWEEP_MINUTES * 60_000,
    },
  }),
});
