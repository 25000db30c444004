import { problemMessages } from '@/shared/api/problem-messages';

/** Why the audit log could not be read or exported: the server's sentence for a refusal, else the generic text. */
export const { problemText } = problemMessages({ serverText: 'clientErrors' });
