import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '@/shared/api/client';

/** The sentence a failed auth call shows: known codes translated, anything else as the server said it. */
export function authErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('errorCodes.network');
  if (error instanceof ApiError) {
    if (error.code === 'invalidCredentials') return t('errorCodes.invalidCredentials');
    if (error.status === 429) {
      return t('errorCodes.tooManyRequests', { minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)) });
    }
    if (error.status < 500 && error.message) return error.message;
  }
  return t('errorCodes.unknown');
}
