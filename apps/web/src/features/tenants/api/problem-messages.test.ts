import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { expectFieldErrorsByPath, FAILURES, textReadings } from '@/test/problems';
import { fieldErrorsOf, problemText } from './problem-messages';

const t = i18n.t;

// Pinned to what users read before the features shared one mapper.
describe('tenants failure messages', () => {
  it.each(
    textReadings({
      fieldErrors: 'Enter a valid email address This field is required',
      featureKeys: 'passwordTooShort Upload the logo again',
      unknownFieldKey: 'weirdKey',
      impersonationKey: 'userDeleted',
      quotaExceeded: 'Your partner tenant has reached its limit. At most 5 users.',
      throttled: 'Too many attempts',
      uploadVolumeExceeded: 'You have uploaded as much as you may in an hour. Try again in 13 min.',
      throttledWithoutRetryAfter: 'Too many attempts',
      bodyTooLarge: 'Request body is too large',
      clientErrorWithoutDetail: 'Body is not valid JSON',
      serverError: 'Something went wrong on our side',
    }),
  )('%s reads %j', (name, expected) => {
    expect(problemText(t, FAILURES[name])).toBe(expected);
  });

  it('keys field errors by form path, in its own words', () => {
    expectFieldErrorsByPath(fieldErrorsOf, { password: 'passwordTooShort', logoMediaFile: 'Upload the logo again' });
  });
});
