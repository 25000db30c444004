import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { FAILURES, type FailureName } from '@/test/problems';
import { fieldErrorsOf, problemText } from './problem-messages';

const t = i18n.t;

// Pinned to what users read before the features shared one mapper.
describe('users failure messages', () => {
  it.each<[FailureName, string]>([
    ['network', 'Could not reach the server. Check your connection and try again.'],
    ['notAnApiError', 'Something went wrong. Please try again.'],
    ['fieldErrors', 'Enter a valid email address This field is required'],
    ['featureKeys', 'Use at least 8 characters unknownMediaFile'],
    ['unknownFieldKey', 'weirdKey'],
    ['impersonationKey', 'userDeleted'],
    ['quotaExceeded', 'Your partner tenant has reached its limit. At most 5 users.'],
    ['noActiveTenant', 'Choose an active tenant first'],
    ['invalidCredentials', 'Wrong email or password'],
    ['throttled', 'Too many attempts'],
    ['throttledWithoutRetryAfter', 'Too many attempts'],
    ['bodyTooLarge', 'Request body is too large'],
    ['notFound', 'No such user'],
    ['clientErrorWithoutDetail', 'Body is not valid JSON'],
    ['clientErrorWithoutBody', 'Something went wrong. Please try again.'],
    ['serverError', 'Something went wrong on our side'],
    ['serverErrorWithoutBody', 'Something went wrong. Please try again.'],
    ['cannotIdentify', 'Can not identify current user'],
  ])('%s reads %j', (name, expected) => {
    expect(problemText(t, FAILURES[name])).toBe(expected);
  });

  it('keys field errors by form path, in its own words', () => {
    expect(fieldErrorsOf(t, FAILURES.fieldErrors)).toEqual({
      email: 'Enter a valid email address',
      tenantIds: 'This field is required',
      name: 'This field is required',
    });
    expect(fieldErrorsOf(t, FAILURES.featureKeys)).toEqual({
      password: 'Use at least 8 characters',
      logoMediaFile: 'unknownMediaFile',
    });
    expect(fieldErrorsOf(t, FAILURES.network)).toEqual({});
  });
});
