import type { AuthResult, OfficeSettings } from '@atrium/contracts';
import { ApiError, api, NetworkError } from '@/shared/api/client';
import { acceptAuthResult } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/** Each call answers a fresh authorization URL and sets the short-lived cookie that pairs with it. */
export const fetchOfficeSettings = (signal?: AbortSignal) => api<OfficeSettings>('/auth/office', { signal });

/** The button shows only when single sign-on is configured and, with a host pattern, on matching hosts. */
export function officeButtonShows(settings: OfficeSettings | undefined, hostname: string): boolean {
  if (!settings?.enabled || !settings.url) return false;
  if (!settings.hostPattern) return true;
  try {
    return new RegExp(settings.hostPattern).test(hostname);
  } catch {
    return false;
  }
}

/** Leaves the app for the identity provider (one place, so tests can watch it). */
export const browserNavigation = { assign: (url: string) => window.location.assign(url) };

/** Where the browser returns after the provider: kept for this tab while it is away. */
export const OFFICE_RETURN_URL_KEY = 'office365ReturnUrl';

/** POST /auth/office with the callback's code, state and iss; the session holds the answer. */
export async function signInWithOffice(body: { code: string; state: string; iss?: string }): Promise<AuthResult> {
  const result = await api<AuthResult>('/auth/office', { method: 'POST', body });
  // Spec part 2 §3/§4: kept for the active-tenant step, removed when it completes.
  localStorage.setItem(STORAGE_KEYS.isSuperadmin, String(result.user.isSuperadmin));
  localStorage.setItem(STORAGE_KEYS.userExists, 'true');
  acceptAuthResult(result);
  return result;
}

const CODE = /^[A-Za-z][A-Za-z0-9_]{1,63}$/;

/** The reason codes of a failed Microsoft 365 sign-in, for the signin/:error route. */
export function officeFailureCodes(error: unknown): string[] {
  if (error instanceof NetworkError) return ['network'];
  if (error instanceof ApiError) {
    const fromList = error.errors.map((e) => e.message).filter((m) => CODE.test(m));
    if (fromList.length) return [...new Set(fromList)];
    if (error.detail && CODE.test(error.detail)) return [error.detail];
  }
  return ['microsoftLoginFailed'];
}

/** The codes carried by signin/:error (comma-separated), read back; anything odd is dropped. */
export const parseFailureCodes = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .filter((code) => CODE.test(code))
    .slice(0, 5);
