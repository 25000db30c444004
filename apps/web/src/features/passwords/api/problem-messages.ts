import { problemMessages } from '@/shared/api/problem-messages';

/** The sentences a failed password call shows: the server's field errors translated, or being throttled. */
export const { problemLines } = problemMessages({
  rules: [(error, t) => (error.status === 429 ? t('passwords.tooManyRequests') : undefined)],
});
