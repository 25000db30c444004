import { problemMessages } from '@/shared/api/problem-messages';

/** Sprints' failures in words: field errors under sprints.errors, else the server's sentence for a 4xx. */
export const { messageText, problemText, fieldErrorsOf } = problemMessages({ messageKeys: 'sprints.errors' });
