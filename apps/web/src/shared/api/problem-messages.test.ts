import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { FAILURES } from '@/test/problems';
import { ApiError } from './api-error';
import { formPath, problemMessages, translateCodes, uploadVolumeRule } from './problem-messages';

const t = i18n.t;
const errors = (...pairs: [string, string][]) => pairs.map(([field, message]) => ({ field, message }));

describe('formPath', () => {
  it('files list items under the list', () => {
    expect(formPath('tenantIds.3')).toBe('tenantIds');
    expect(formPath('rows.12.email')).toBe('rows.email');
    expect(formPath('customTenantProperties.primaryColor')).toBe('customTenantProperties.primaryColor');
  });
});

describe('problemMessages', () => {
  it('says the server could not be reached, and something went wrong for anything that is not an answer', () => {
    const { problemText } = problemMessages();
    expect(problemText(t, FAILURES.network)).toBe(t('errorCodes.network'));
    expect(problemText(t, FAILURES.notAnApiError)).toBe(t('errorCodes.unknown'));
  });

  it('translates field errors under the app-wide validation keys by default, once each', () => {
    const { problemLines, problemText } = problemMessages();
    expect(problemLines(t, FAILURES.fieldErrors)).toEqual(['Enter a valid email address', 'This field is required']);
    expect(problemText(t, FAILURES.fieldErrors)).toBe('Enter a valid email address This field is required');
    expect(problemLines(t, FAILURES.unknownFieldKey)).toEqual(['weirdKey']);
  });

  it('translates field errors under the keys a feature names', () => {
    const { messageText, problemLines } = problemMessages({ messageKeys: 'users.errors' });
    expect(messageText(t, 'passwordTooShort')).toBe('Use at least 8 characters');
    expect(problemLines(t, FAILURES.featureKeys)).toEqual(['Use at least 8 characters', 'unknownMediaFile']);
  });

  it('keys field errors by form path, the first error of a field winning', () => {
    const { fieldErrorsOf } = problemMessages();
    const error = new ApiError(400, { errors: errors(['tenantIds.0', 'required'], ['tenantIds.1', 'invalid']) });
    expect(fieldErrorsOf(t, error)).toEqual({ tenantIds: 'This field is required' });
    expect(fieldErrorsOf(t, FAILURES.serverError)).toEqual({});
  });

  it('asks the rules first, in order, and goes on when a rule has no answer', () => {
    const { problemText } = problemMessages({
      rules: [(e) => (e.status === 404 ? 'first' : undefined), (e) => (e.status >= 400 ? 'second' : undefined)],
    });
    expect(problemText(t, FAILURES.notFound)).toBe('first');
    expect(problemText(t, FAILURES.fieldErrors)).toBe('second');
    expect(problemText(t, FAILURES.network)).toBe(t('errorCodes.network'));
  });

  it('shows only the detail of a client error by default', () => {
    const { problemText } = problemMessages();
    expect(problemText(t, FAILURES.notFound)).toBe('No such user');
    expect(problemText(t, FAILURES.clientErrorWithoutDetail)).toBe(t('errorCodes.unknown'));
    expect(problemText(t, FAILURES.serverError)).toBe(t('errorCodes.unknown'));
  });

  it("never shows the client's 'Request failed with status N': a body-less failure reads as unknown", () => {
    for (const serverText of ['always', 'clientErrors'] as const) {
      const { problemText } = problemMessages({ serverText });
      expect(problemText(t, FAILURES.serverErrorWithoutBody)).toBe(t('errorCodes.unknown'));
      expect(problemText(t, FAILURES.clientErrorWithoutBody)).toBe(t('errorCodes.unknown'));
    }
  });

  it("shows the server's detail, else its title, at any status when told to", () => {
    const { problemText } = problemMessages({ serverText: 'always' });
    expect(problemText(t, FAILURES.notFound)).toBe('No such user');
    expect(problemText(t, FAILURES.clientErrorWithoutDetail)).toBe('Body is not valid JSON');
    expect(problemText(t, FAILURES.serverError)).toBe('Something went wrong on our side');
  });
});

describe('uploadVolumeRule', () => {
  it('says when an upload past the hourly volume may be tried again, whatever the feature', () => {
    const { problemText } = problemMessages({ rules: [() => 'a feature rule'], serverText: 'always' });
    expect(problemText(t, FAILURES.uploadVolumeExceeded)).toBe(
      'You have uploaded as much as you may in an hour. Try again in 13 min.',
    );
    const withoutRetryAfter = new ApiError(429, {
      code: 'tooManyRequests',
      errors: errors(['file', 'uploadVolumeExceeded']),
    });
    expect(uploadVolumeRule(withoutRetryAfter, t)).toBe(
      'You have uploaded as much as you may in an hour. Try again in 60 min.',
    );
    expect(uploadVolumeRule(FAILURES.throttled, t)).toBeUndefined();
  });
});

describe('translateCodes', () => {
  const rule = translateCodes('users.errors', ['quotaExceeded', 'noActiveTenant']);

  it('translates the codes it is given, quoting the detail', () => {
    expect(rule(FAILURES.quotaExceeded, t)).toBe('Your partner tenant has reached its limit. At most 5 users.');
  });

  it("uses the server's words for a code without a translation, and passes on other codes", () => {
    const untranslated = translateCodes('tenants.errors', ['noActiveTenant']);
    expect(untranslated(FAILURES.noActiveTenant, t)).toBe('Choose an active tenant first');
    expect(rule(FAILURES.notFound, t)).toBeUndefined();
  });
});
