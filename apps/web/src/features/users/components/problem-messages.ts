import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../../shared/api/api-error';

/** 'tenantIds.3' -> 'tenantIds': list items' errors belong to the list's input. */
export const formPath = (field: string) => field.replace(/\.\d+(?=\.|$)/g, '');

/** A message key of the API or of the contracts' schemas, in the user's language (unknown ones as they are). */
export function messageText(t: TFunction, key: string): string {
  return t(`users.errors.${key}` as 'users.errors.required', { defaultValue: key });
}

/** Field errors of a problem answer, keyed by form path and translated; the first error of a field wins. */
export function fieldErrorsOf(t: TFunction, error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError)) return out;
  for (const { field, message } of error.errors) out[formPath(field)] ??= messageText(t, message);
  return out;
}

/** The sentence an alert shows for a failed call. */
export function problemText(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('errorCodes.network');
  if (error instanceof ApiError) {
    if (error.code === 'quotaExceeded') return t('users.errors.quotaExceeded', { detail: error.detail ?? '' });
    if (error.code === 'noActiveTenant') return t('users.errors.noActiveTenant');
    if (error.errors.length) return [...new Set(error.errors.map((e) => messageText(t, e.message)))].join(' ');
    return error.detail || error.message;
  }
  return t('errorCodes.unknown');
}
