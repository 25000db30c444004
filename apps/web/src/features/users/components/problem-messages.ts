import { problemMessages } from '@/shared/api/problem-messages';

export const { formPath, messageText, fieldErrorsOf, problemText } = problemMessages('users');
