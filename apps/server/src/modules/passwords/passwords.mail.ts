import type { MailMessage } from '../../mail/mail.port.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Atrium password',
    text: `Hello ${name},\n\nSomeone asked to reset the password of your Atrium account. Open this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    html: `<p>Hello ${escape(name)},</p><p>Someone asked to reset the password of your Atrium account. Open this link within one hour to choose a new one:</p><p><a href="${escape(link)}">Choose a new password</a></p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}
