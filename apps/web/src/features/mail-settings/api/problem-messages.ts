import { problemMessages } from '@/shared/api/problem-messages';

/** The mail pages' failures in words: field messages under mailSettings.errors, else the server's sentence. */
export const { formPath, messageText, fieldErrorsOf, problemText } = problemMessages({
  messageKeys: 'mailSettings.errors',
  serverText: 'always',
});
