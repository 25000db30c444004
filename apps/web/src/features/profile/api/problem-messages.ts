import { CANNOT_IDENTIFY_CURRENT_USER } from '@atrium/contracts';
import { problemMessages } from '@/shared/api/problem-messages';

/**
 * What a failed profile call shows: the server's field errors translated (app-wide validation keys),
 * else one sentence; an unknown current user and a too-large picture have their own.
 */
export const { messageText, problemLines, problemText } = problemMessages({
  rules: [
    (error, t) => (error.detail === CANNOT_IDENTIFY_CURRENT_USER ? t('profile.cannotIdentify') : undefined),
    // Wrong current passwords count against the sign-in limit (the shared upload-volume rule answers first).
    (error, t) =>
      error.status === 429
        ? t('profile.tooManyAttempts', { minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)) })
        : undefined,
    // Only the body-size limit answers 413, and it carries no field errors.
    (error, t) => (error.status === 413 ? t('profile.pictureTooLarge') : undefined),
  ],
});
