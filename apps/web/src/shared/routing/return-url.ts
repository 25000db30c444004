import { href } from '@atrium/contracts';
/**
 * A returnUrl from the query string, accepted only when it stays inside this app: it must be a path
 * ("/users/1?tab=2"), never another origin ("//evil.test", "https://...") or a script URL.
 */
export function safeReturnUrl(raw: string | null | undefined, fallback = '/'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}

/** Where a finished sign-in lands: the requested page, or /home for the root. */
export const landingPath = (returnUrl: string) => (returnUrl === '/' ? href('home', 'home') : returnUrl);

export const signInPath = (returnUrl: string) =>
  returnUrl === '/' ? href('auth', 'signIn') : href('auth', 'signIn', {}, { returnUrl });
