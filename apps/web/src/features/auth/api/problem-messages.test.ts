import { describeProblemText } from '@/test/problems';
import { problemText } from './problem-messages';

// Pinned to what users read before the features shared one mapper.
describeProblemText('sign-in failure messages', problemText, {
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
});
