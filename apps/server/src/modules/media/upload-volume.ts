/** The window the upload volume is counted over. */
export const VOLUME_WINDOW_MS = 3_600_000;

type Upload = { size: number; createdAt: Date };

/**
 * Seconds until `incoming` more bytes fit in the hourly volume, given what the user uploaded in the
 * last hour (oldest first); null when they fit now. Uploads leave the window an hour after they were
 * made, oldest first.
 */
export function secondsUntilRoom(recent: Upload[], incoming: number, limit: number, now: Date): number | null {
  let total = recent.reduce((sum, u) => sum + u.size, 0) + incoming;
  if (total <= limit) return null;
  for (const upload of recent) {
    total -= upload.size;
    if (total <= limit) {
      const freedAt = upload.createdAt.getTime() + VOLUME_WINDOW_MS;
      return Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
    }
  }
  // Larger than the whole volume: it never fits; a full window is the honest answer.
  return VOLUME_WINDOW_MS / 1000;
}

/** 20971520 -> "20 MB", 1536 -> "1.5 kB": the limit as a person reads it. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024, 'MB'],
    [1024, 'kB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}
