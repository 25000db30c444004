import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { FAILURES, textReadings } from '@/test/problems';
import { problemText } from './problem-messages';

const t = i18n.t;

// Pinned to what users read before the features shared one mapper.
describe('view-as failure messages', () => {
  it.each(
    textReadings({
      fieldErrors: 'email: invalidEmail',
      featureKeys: 'password: passwordTooShort',
      unknownFieldKey: 'x: weirdKey',
      impersonationKey: 'A deleted user cannot be impersonated',
      quotaExceeded: 'At most 5 users.',
      throttled: 'Too many attempts',
      throttledWithoutRetryAfter: 'Too many attempts',
      bodyTooLarge: 'Request body is too large',
      clientErrorWithoutDetail: 'Body is not valid JSON',
      serverError: 'Something went wrong on our side',
    }),
  )('%s reads %j', (name, expected) => {
    expect(problemText(t, FAILURES[name])).toBe(expected);
  });
});
