const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Spec part 1 §2: never on /home; elsewhere on a route with a GUID segment, on a route with a /new
 * segment, and on any screen 768px wide or narrower.
 */
export function showBackArrow(pathname: string, isMobile: boolean): boolean {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 1 && segments[0] === 'home') return false;
  if (isMobile) return true;
  return segments.some((segment) => segment === 'new' || GUID.test(segment));
}
