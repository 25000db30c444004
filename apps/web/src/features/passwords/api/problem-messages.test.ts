import { describeProblemLines } from '@/test/problems';
import { problemLines } from './problem-messages';

// Pinned to what users read before the features shared one mapper.
describeProblemLines('password reset failure messages', problemLines, {
  fieldErrors: ['Enter a valid email address', 'This field is required'],
  featureKeys: ['The password must have at least 8 characters', 'Upload the picture again'],
  unknownFieldKey: ['weirdKey'],
  impersonationKey: ['userDeleted'],
  quotaExceeded: ['At most 5 users.'],
  throttled: ['Too many requests. Wait a few minutes and try again.'],
  throttledWithoutRetryAfter: ['Too many requests. Wait a few minutes and try again.'],
  bodyTooLarge: ['Something went wrong. Please try again.'],
  clientErrorWithoutDetail: ['Something went wrong. Please try again.'],
  serverError: ['Something went wrong. Please try again.'],
});
