import { problemMessages } from '@/shared/api/problem-messages';

/** Time logging's failures in words: the server's own sentence (the 24 h rule names what still fits). */
export const { formPath, messageText, fieldErrorsOf, problemText } = problemMessages({
  messageKeys: 'timelogs.errors',
  rules: [],
  serverText: 'always',
});
