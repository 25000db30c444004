/** A mail ready to go out. */
export type MailMessage = { to: string; subject: string; html: string; text: string };

/** One way of delivering mail (SMTP, Microsoft Graph). Throws when delivery failed. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}
