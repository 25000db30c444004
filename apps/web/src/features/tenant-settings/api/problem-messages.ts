import { problemMessages } from '@/shared/api/problem-messages';

/** The settings pages' failures in words: field messages under tenantSettings.errors, else the server's sentence. */
export const { formPath, messageText, fieldErrorsOf, problemText } = problemMessages({
  messageKeys: 'tenantSettings.errors',
  serverText: 'always',
});
