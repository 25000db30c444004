import { describeProblemText } from '@/test/problems';
import { fieldErrorsOf, problemText } from './problem-messages';

// Pinned to what users read before the features shared one mapper.
describeProblemText(
  'users failure messages',
  problemText,
  {
    fieldErrors: 'Enter a valid email address This field is required',
    featureKeys: 'Use at least 8 characters unknownMediaFile',
    unknownFieldKey: 'weirdKey',
    impersonationKey: 'userDeleted',
    quotaExceeded: 'Your partner tenant has reached its limit. At most 5 users.',
    throttled: 'Too many attempts',
    throttledWithoutRetryAfter: 'Too many attempts',
    bodyTooLarge: 'Request body is too large',
    clientErrorWithoutDetail: 'Body is not valid JSON',
    serverError: 'Something went wrong on our side',
  },
  {
    fieldErrorsOf,
    featureKeys: { password: 'Use at least 8 characters', logoMediaFile: 'unknownMediaFile' },
  },
);
