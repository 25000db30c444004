import { CANNOT_IDENTIFY_CURRENT_USER } from '@atrium/contracts';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '@/shared/api/client';

/** A field message key from the server or the form, in the user's language. */
export const fieldMessage = (t: TFunction, key: string) => t(`validation.${key}` as 'validation.required', key);

/** What a failed profile call shows in its alert: the server's field errors translated, else one sentence. */
export function failureMessages(error: unknown, t: TFunction): string[] {
  if (error instanceof NetworkError) return [t('errorCodes.network')];
  if (error instanceof ApiError) {
    if (error.detail === CANNOT_IDENTIFY_CURRENT_USER) return [t('profile.cannotIdentify')];
    // Wrong current passwords count against the sign-in limit.
    if (error.status === 429) {
      return [t('profile.tooManyAttempts', { minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)) })];
    }
    if (error.errors.length) return [...new Set(error.errors.map((e) => fieldMessage(t, e.message)))];
    if (error.status === 413) return [t('profile.pictureTooLarge')];
    if (error.status < 500 && error.detail) return [error.detail];
  }
  return [t('errorCodes.unknown')];
}
