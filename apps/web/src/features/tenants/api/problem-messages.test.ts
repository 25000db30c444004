import { describeProblemText } from '@/test/problems';
import { fieldErrorsOf, problemText } from './problem-messages';

// Pinned to what users read before the features shared one mapper.
describeProblemText(
  'tenants failure messages',
  problemText,
  {
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
  },
  { fieldErrorsOf, featureKeys: { password: 'passwordTooShort', logoMediaFile: 'Upload the logo again' } },
);
