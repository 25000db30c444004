import { problemMessages, translateCodes } from '@/shared/api/problem-messages';

/** The sentence a failed auth call shows: known codes translated, any other refusal as the server said it. */
export const { problemText } = problemMessages({
  rules: [
    translateCodes('errorCodes', ['invalidCredentials', 'twoFactorRequired']),
    (error, t) =>
      error.status === 429
        ? t('errorCodes.tooManyRequests', { minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)) })
        : undefined,
    (error) => (error.status < 500 ? error.detail || error.title : undefined),
  ],
});
