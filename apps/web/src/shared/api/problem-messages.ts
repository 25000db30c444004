import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from './api-error';

/** 'tenantIds.3' -> 'tenantIds': list items' errors belong to the list's input. */
export const formPath = (field: string) => field.replace(/\.\d+(?=\.|$)/g, '');

/**
 * Turns problem answers into text for one feature, whose translations of the API's and the contracts'
 * message keys live under `<namespace>.errors`.
 */
export function problemMessages(namespace: 'users' | 'tenants') {
  /** A message key in the user's language (unknown ones as they are). */
  const messageText = (t: TFunction, key: string): string =>
    t(`${namespace}.errors.${key}` as 'users.errors.required', { defaultValue: key });

  return {
    formPath,
    messageText,

    /** Field errors of a problem answer, keyed by form path and translated; the first error of a field wins. */
    fieldErrorsOf(t: TFunction, error: unknown): Record<string, string> {
      const out: Record<string, string> = {};
      if (!(error instanceof ApiError)) return out;
      for (const { field, message } of error.errors) out[formPath(field)] ??= messageText(t, message);
      return out;
    },

    /** The sentence an alert shows for a failed call. */
    problemText(t: TFunction, error: unknown): string {
      if (error instanceof NetworkError) return t('errorCodes.network');
      if (error instanceof ApiError) {
        if (error.code === 'quotaExceeded' || error.code === 'noActiveTenant') {
          return t(`${namespace}.errors.${error.code}` as 'users.errors.quotaExceeded', {
            detail: error.detail ?? '',
            defaultValue: error.detail || error.message,
          });
        }
        if (error.errors.length) return [...new Set(error.errors.map((e) => messageText(t, e.message)))].join(' ');
        return error.detail || error.message;
      }
      return t('errorCodes.unknown');
    },
  };
}
