import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './mail.port.js';

/** Delivers through an SMTP server given as smtp(s)://user:pass@host:port. */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      await transporter.sendMail({ from, ...message });
    },
  };
}
