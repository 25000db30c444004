import { PRODUCT_NAME } from '@atrium/contracts';
import { z } from 'zod';
import { defineSettings } from '../../settings.js';

export type MailConfig = {
  smtpUrl: string | undefined;
  from: string;
  /** Microsoft's endpoints tenants' Graph mail settings use (tests point them at a loopback peer). */
  graph: { authorityBaseUrl: string; graphBaseUrl: string };
};

declare module '../../settings.js' {
  interface ModuleConfig {
    mail: MailConfig;
  }
}

export default defineSettings({
  env: {
    /** SMTP server for outgoing mail, as smtp(s)://user:password@host:port; unset keeps mail in the outbox. */
    SMTP_URL: z.url().optional(),
    /** Sender address of system mail. */
    MAIL_FROM: z.string().default(`${PRODUCT_NAME} <no-reply@atrium.local>`),
    /** Where tenants' Microsoft Graph mail settings get their client-credentials tokens (Entra ID). */
    MAIL_GRAPH_LOGIN_URL: z.url().default('https://login.microsoftonline.com'),
    /** The Microsoft Graph API root tenants' mail goes through (sendMail). */
    MAIL_GRAPH_API_URL: z.url().default('https://graph.microsoft.com'),
  },
  read: (e) => ({
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      graph: {
        authorityBaseUrl: e.MAIL_GRAPH_LOGIN_URL.replace(/\/$/, ''),
        graphBaseUrl: e.MAIL_GRAPH_API_URL.replace(/\/$/, ''),
      },
    },
  }),
});
