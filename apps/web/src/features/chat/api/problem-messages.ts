import { problemMessages } from '@/shared/api/problem-messages';

/** Chat's failures in words: field errors under chat.errors, else the server's sentence for a 4xx. */
export const { messageText, problemText } = problemMessages({ messageKeys: 'chat.errors' });
