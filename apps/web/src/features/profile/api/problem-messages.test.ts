import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { FAILURES, lineReadings } from '@/test/problems';
import { problemLines } from './problem-messages';

const t = i18n.t;

// Pinned to what users read before the features shared one mapper; since then a 429 says how long to wait
// (wrong current passwords count against the sign-in limit).
describe('profile failure messages', () => {
  it.each(
    lineReadings({
      fieldErrors: ['Enter a valid email address', 'This field is required'],
      featureKeys: ['The password must have at least 8 characters', 'Upload the picture again'],
      unknownFieldKey: ['weirdKey'],
      impersonationKey: ['userDeleted'],
      quotaExceeded: ['At most 5 users.'],
      throttled: ['Too many wrong passwords. Try again in 3 min.'],
      uploadVolumeExceeded: ['You have uploaded as much as you may in an hour. Try again in 13 min.'],
      throttledWithoutRetryAfter: ['Too many wrong passwords. Try again in 1 min.'],
      bodyTooLarge: ['The picture is larger than 1 MB.'],
      clientErrorWithoutDetail: ['Something went wrong. Please try again.'],
      serverError: ['Something went wrong. Please try again.'],
    }),
  )('%s reads %j', (name, expected) => {
    expect(problemLines(t, FAILURES[name])).toEqual(expected);
  });
});
