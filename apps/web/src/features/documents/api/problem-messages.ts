import { type ProblemRule, problemMessages, translateCodes } from '@/shared/api/problem-messages';

/** An upload past DOCUMENT_MAX_BYTES (413): the server's sentence names the limit. */
const tooLarge: ProblemRule = (error, t) =>
  error.status === 413 ? t('documents.errors.fileTooLarge', { detail: error.detail || error.title || '' }) : undefined;

/** Documents' failures in words: field messages under documents.errors, conflicts with the server's reason. */
export const { formPath, messageText, fieldErrorsOf, problemText } = problemMessages({
  messageKeys: 'documents.errors',
  rules: [tooLarge, translateCodes('documents.errors', ['noActiveTenant'])],
  serverText: 'always',
});
