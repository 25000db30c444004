import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { FAILURES, textReadings } from '@/test/problems';
import { problemText } from './problem-messages';

const t = i18n.t;

// Pinned to what users read before the features shared one mapper.
describe('sign-in failure messages', () => {
  it.each(
    textReadings({
      fieldErrors: 'email: invalidEmail',
      featureKeys: 'password: passwordTooShort',
      unknownFieldKey: 'x: weirdKey',
      impersonationKey: 'userDeleted',
      quotaExceeded: 'At most 5 users.',
      throttled: 'Too many failed sign-ins. Try again in 3 min.',
      throttledWithoutRetryAfter: 'Too many failed sign-ins. Try again in 1 min.',
      bodyTooLarge: 'Request body is too large',
      clientErrorWithoutDetail: 'Body is not valid JSON',
      serverError: 'Something went wrong. Please try again.',
    }),
  )('%s reads %j', (name, expected) => {
    expect(problemText(t, FAILURES[name])).toBe(expected);
  });
});
