import { CANNOT_IDENTIFY_CURRENT_USER } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/shared/api/api-error';
import { i18n, type TFunction } from '@/shared/i18n/i18n';

const fields = (...pairs: [string, string][]) => pairs.map(([field, message]) => ({ field, message }));
const invalid = { title: 'Your request has invalid fields', code: 'validation' };

/** Failures a call can end in, as the client sees them: the cases every feature's messages are pinned on. */
export const FAILURES = {
  network: new NetworkError(new TypeError('fetch failed')),
  notAnApiError: new Error('boom'),
  fieldErrors: new ApiError(400, {
    ...invalid,
    detail: 'email: invalidEmail',
    errors: fields(['email', 'invalidEmail'], ['tenantIds.2', 'required'], ['name', 'required']),
  }),
  /** Keys that read differently in each feature's translations. */
  featureKeys: new ApiError(400, {
    ...invalid,
    detail: 'password: passwordTooShort',
    errors: fields(['password', 'passwordTooShort'], ['logoMediaFile', 'unknownMediaFile']),
  }),
  unknownFieldKey: new ApiError(400, { ...invalid, detail: 'x: weirdKey', errors: fields(['x', 'weirdKey']) }),
  impersonationKey: new ApiError(400, { ...invalid, detail: 'userDeleted', errors: fields(['userId', 'userDeleted']) }),
  quotaExceeded: new ApiError(409, { title: 'Limit reached', detail: 'At most 5 users.', code: 'quotaExceeded' }),
  noActiveTenant: new ApiError(400, {
    title: 'Choose an active tenant first',
    detail: 'Choose an active tenant first',
    code: 'noActiveTenant',
  }),
  invalidCredentials: new ApiError(401, {
    title: 'Wrong email or password',
    detail: 'Wrong email or password',
    code: 'invalidCredentials',
  }),
  throttled: new ApiError(
    429,
    { title: 'Too many attempts', detail: 'Too many attempts', code: 'tooManyRequests' },
    125,
  ),
  uploadVolumeExceeded: new ApiError(
    429,
    {
      title: 'Too many attempts',
      detail: 'You may upload 20 MB an hour; try again in 13 min.',
      code: 'tooManyRequests',
      errors: fields(['file', 'uploadVolumeExceeded']),
    },
    750,
  ),
  throttledWithoutRetryAfter: new ApiError(429, { title: 'Too many attempts', code: 'tooManyRequests' }),
  bodyTooLarge: new ApiError(413, { title: 'Request body is too large', code: 'FST_ERR_CTP_BODY_TOO_LARGE' }),
  notFound: new ApiError(404, { title: 'Not found', detail: 'No such user', code: 'notFound' }),
  clientErrorWithoutDetail: new ApiError(400, {
    title: 'Body is not valid JSON',
    code: 'FST_ERR_CTP_INVALID_JSON_BODY',
  }),
  clientErrorWithoutBody: new ApiError(405, {}),
  serverError: new ApiError(500, { title: 'Something went wrong on our side' }),
  serverErrorWithoutBody: new ApiError(502, {}),
  cannotIdentify: new ApiError(400, { ...invalid, detail: CANNOT_IDENTIFY_CURRENT_USER }),
};

export type FailureName = keyof typeof FAILURES;

/** How every feature reads these failures: the shared mapper's words, which no feature words otherwise. */
const COMMON_READINGS = {
  network: 'Could not reach the server. Check your connection and try again.',
  notAnApiError: 'Something went wrong. Please try again.',
  noActiveTenant: 'Choose an active tenant first',
  invalidCredentials: 'Wrong email or password',
  notFound: 'No such user',
  clientErrorWithoutBody: 'Something went wrong. Please try again.',
  serverErrorWithoutBody: 'Something went wrong. Please try again.',
  cannotIdentify: 'Can not identify current user',
} satisfies Partial<Record<FailureName, string>>;

type Readings<R> = Partial<Record<FailureName, R>>;
type Mapper<R> = (t: TFunction, error: unknown) => R;
type FieldErrorsOf = Mapper<Record<string, string>>;
/** The `featureKeys` failure's field errors in a feature's own words. */
type FeatureKeyErrors = { password: string; logoMediaFile: string };

/** `it.each` rows of a feature's messages: the common readings, then the feature's own. */
const readings = <R>(common: Readings<R>, own: Readings<R>) =>
  Object.entries({ ...common, ...own }) as [FailureName, R][];

/** The common readings as `problemLines` gives them: one line each. */
const COMMON_LINES: Readings<string[]> = Object.fromEntries(
  Object.entries(COMMON_READINGS).map(([name, text]) => [name, [text]]),
);

/**
 * Pins a feature's one-line messages (its problemText): each failure reads as the feature words it, else
 * as the common readings; with `fieldErrors`, its fieldErrorsOf too (expectFieldErrorsByPath).
 */
export function describeProblemText(
  title: string,
  problemText: Mapper<string>,
  own: Readings<string>,
  fieldErrors?: { fieldErrorsOf: FieldErrorsOf; featureKeys: FeatureKeyErrors },
) {
  describe(title, () => {
    it.each(readings(COMMON_READINGS, own))('%s reads %j', (name, expected) => {
      expect(problemText(i18n.t, FAILURES[name])).toBe(expected);
    });
    if (fieldErrors) {
      it('keys field errors by form path, in its own words', () =>
        expectFieldErrorsByPath(fieldErrors.fieldErrorsOf, fieldErrors.featureKeys));
    }
  });
}

/** Pins a feature's messages as lines (its problemLines), as describeProblemText does its one-line ones. */
export function describeProblemLines(title: string, problemLines: Mapper<string[]>, own: Readings<string[]>) {
  describe(title, () => {
    it.each(readings(COMMON_LINES, own))('%s reads %j', (name, expected) => {
      expect(problemLines(i18n.t, FAILURES[name])).toEqual(expected);
    });
  });
}

/**
 * Checks a feature's fieldErrorsOf: errors keyed by form path (`tenantIds.2` under `tenantIds`), the
 * `featureKeys` failure in the feature's own words, and none for a failure without fields.
 */
function expectFieldErrorsByPath(fieldErrorsOf: FieldErrorsOf, featureKeys: FeatureKeyErrors) {
  const t = i18n.t;
  expect(fieldErrorsOf(t, FAILURES.fieldErrors)).toEqual({
    email: 'Enter a valid email address',
    tenantIds: 'This field is required',
    name: 'This field is required',
  });
  expect(fieldErrorsOf(t, FAILURES.featureKeys)).toEqual(featureKeys);
  expect(fieldErrorsOf(t, FAILURES.network)).toEqual({});
}
