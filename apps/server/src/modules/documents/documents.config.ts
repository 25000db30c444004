import { z } from 'zod';
import { defineSettings } from '../../settings.js';

declare module '../../settings.js' {
  interface ModuleConfig {
    /** Largest document file in bytes. */
    documentMaxBytes: number;
  }
}

export default defineSettings({
  env: {
    /** Largest document file (POST/PATCH /documents/{id}/file), in bytes; beyond it uploads answer 413. Default 50 MiB. */
    DOCUMENT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(50 * 1024 * 1024),
  },
  read: (e) => ({ documentMaxBytes: e.DOCUMENT_MAX_BYTES }),
});
