import { problemMessages } from '@/shared/api/problem-messages';
import { translateKey } from '@/shared/i18n/i18n';

/** Why viewing the product as someone failed: the first refusal reason in words, else the server's sentence. */
export const { problemText } = problemMessages({
  rules: [
    (error, t) => {
      const key = error.errors[0]?.message;
      return key ? translateKey(t, `impersonation.errors.${key}`, { defaultValue: error.message }) : undefined;
    },
  ],
  serverText: 'always',
});
