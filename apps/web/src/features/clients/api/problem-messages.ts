import { problemMessages, translateCodes } from '@/shared/api/problem-messages';

/** Clients' failures in words: field messages under clients.errors, a missing active tenant quoting the server. */
export const { formPath, messageText, fieldErrorsOf, problemText } = problemMessages({
  messageKeys: 'clients.errors',
  rules: [translateCodes('clients.errors', ['noActiveTenant'])],
});
