import { problemMessages, translateCodes } from '@/shared/api/problem-messages';

/**
 * Tenants' failures in words: messages translated under tenants.errors, a reached quota or a missing active
 * tenant quoting the server's detail, and otherwise the server's own sentence.
 */
export const { formPath, messageText, fieldErrorsOf, problemText } = problemMessages({
  messageKeys: 'tenants.errors',
  rules: [translateCodes('tenants.errors', ['quotaExceeded', 'noActiveTenant'])],
  serverText: 'always',
});
