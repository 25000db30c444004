import { escapeHtml } from '../../mail/html.js';
import type { MailMessage } from '../../mail/mail.port.js';

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Atrium password',
    text: `Hello ${name},\n\nSomeone asked to reset the password of your Atrium account. Open this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Someone asked to reset the password of your Atrium account. Open this link within one hour to choose a new one:</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}
