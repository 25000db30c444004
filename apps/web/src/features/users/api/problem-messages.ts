import { problemMessages, translateCodes } from '@/shared/api/problem-messages';

/**
 * Users' failures in words: messages translated under users.errors, a reached quota or a missing active
 * tenant quoting the server's detail, and otherwise the server's own sentence.
 */
export const { formPath, messageText, fieldErrorsOf, problemText } = problemMessages({
  messageKeys: 'users.errors',
  rules: [translateCodes('users.errors', ['quotaExceeded', 'noActiveTenant'])],
  serverText: 'always',
});
