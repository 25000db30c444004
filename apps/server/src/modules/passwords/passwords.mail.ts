import { PRODUCT_NAME, productLanguage } from '@atrium/contracts';
import { escapeHtml } from '../mail/html.js';
import type { MailMessage } from '../mail/mail.port.js';

const WORDS = {
  en: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    hello: (name: string) => `Hello ${name},`,
    asked: `Someone asked to reset the password of your ${PRODUCT_NAME} account. Open this link within one hour to choose a new one:`,
    action: 'Choose a new password',
    notYou: 'If it was not you, ignore this mail: your password stays as it is.',
  },
  da: {
    subject: `Nulstil din adgangskode til ${PRODUCT_NAME}`,
    hello: (name: string) => `Hej ${name},`,
    asked: `Nogen har bedt om at nulstille adgangskoden til din ${PRODUCT_NAME}-konto. Åbn dette link inden for en time for at vælge en ny:`,
    action: 'Vælg en ny adgangskode',
    notYou: 'Hvis det ikke var dig, kan du se bort fra denne mail: din adgangskode forbliver den samme.',
  },
} as const;

/** The reset link mail, in the account's language. */
export function resetPasswordMail(user: { email: string; name: string; language: string }, link: string): MailMessage {
  const w = WORDS[productLanguage(user.language)];
  return {
    to: user.email,
    subject: w.subject,
    text: `${w.hello(user.name)}\n\n${w.asked}\n\n${link}\n\n${w.notYou}`,
    html: `<p>${escapeHtml(w.hello(user.name))}</p><p>${escapeHtml(w.asked)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p><p>${escapeHtml(w.notYou)}</p>`,
  };
}
