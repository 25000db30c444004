import { describeProblemText } from '@/test/problems';
import { problemText } from './problem-messages';

// Pinned to what users read before the features shared one mapper.
describeProblemText('view-as failure messages', problemText, {
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
});
