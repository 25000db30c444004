import type { AuthResult, OfficeSettings } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api, NetworkError } from '@/shared/api/client';
import type { MutationCallbacks } from '@/shared/api/mutation-callbacks';
import { acceptAuthResult } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/** Each call answers a fresh authorization URL and sets the short-lived cookie that pairs with it. */
export const fetchOfficeSettings = (signal?: AbortSignal) => api<OfficeSettings>('/auth/office', { signal });

/** A fresh authorization URL when the user asks to sign in with Microsoft 365. */
export const useStartOfficeSignIn = (callbacks?: MutationCallbacks<OfficeSettings>) =>
  useMutation({ mutationFn: () => fetchOfficeSettings(), ...callbacks });

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

export const useSignInWithOffice = (
  callbacks?: MutationCallbacks<AuthResult, { code: string; state: string; iss?: string }>,
) => useMutation({ mutationFn: signInWithOffice, ...callbacks });

/**
 * Every reason a Microsoft 365 sign-in can fail with: what POST /auth/office answers
 * (office365.service.ts: its AppError details and the state field error), the client's own 'network',
 * and the OAuth 2.0 / OpenID Connect errors the identity provider sends back to the callback.
 * signin/:error carries nothing else.
 */
export const OFFICE_FAILURE_CODES: ReadonlySet<string> = new Set([
  'microsoftLoginFailed',
  'microsoftTenantNotAllowed',
  'microsoftAccountHasNoEmail',
  'noAccountForMicrosoftUser',
  'alreadyLoginedByAnotherMicrosoftAccount',
  'invalidState',
  'network',
  'access_denied',
  'consent_required',
  'login_required',
  'interaction_required',
  'account_selection_required',
  'server_error',
  'temporarily_unavailable',
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
]);

const FALLBACK = 'microsoftLoginFailed';
const known = (code: string) => OFFICE_FAILURE_CODES.has(code);

/** The reason codes of a failed Microsoft 365 sign-in, for the signin/:error route. */
export function officeFailureCodes(error: unknown): string[] {
  if (error instanceof NetworkError) return ['network'];
  if (error instanceof ApiError) {
    const fromList = error.errors.map((e) => e.message).filter(known);
    if (fromList.length) return [...new Set(fromList)];
    if (error.detail && known(error.detail)) return [error.detail];
  }
  return [FALLBACK];
}

/** The provider's error on the callback; one we do not know is still a failed Microsoft 365 sign-in. */
export const providerFailureCode = (providerError: string) => (known(providerError) ? providerError : FALLBACK);

/** The Microsoft 365 codes carried by signin/:error (comma-separated), read back; anything else is dropped. */
export const parseFailureCodes = (raw: string | undefined) => (raw ?? '').split(',').filter(known).slice(0, 5);
