import { describeProblemLines } from '@/test/problems';
import { problemLines } from './problem-messages';

// Pinned to what users read before the features shared one mapper; since then a 429 says how long to wait
// (wrong current passwords count against the sign-in limit).
describeProblemLines('profile failure messages', problemLines, {
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
});
