/**
 * The page of this app a push notification opens: its path, query and hash, or '/'. The path is
 * resolved as the browser will (a backslash or a tab after the first slash would otherwise lead to
 * another host) and kept only when it stays on `origin`.
 */
export function notificationPage(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/')) return '/';
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== new URL(origin).origin) return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/';
  }
}
