import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { FAILURES, type FailureName } from '@/test/problems';
import { problemText } from './problem-messages';

const t = i18n.t;

// Pinned to what users read before the features shared one mapper.
describe('view-as failure messages', () => {
  it.each<[FailureName, string]>([
    ['network', 'Could not reach the server. Check your connection and try again.'],
    ['notAnApiError', 'Something went wrong. Please try again.'],
    ['fieldErrors', 'email: invalidEmail'],
    ['featureKeys', 'password: passwordTooShort'],
    ['unknownFieldKey', 'x: weirdKey'],
    ['impersonationKey', 'A deleted user cannot be impersonated'],
    ['quotaExceeded', 'At most 5 users.'],
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
});
