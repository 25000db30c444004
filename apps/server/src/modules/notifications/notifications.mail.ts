import { PRODUCT_NAME, productLanguage } from '@atrium/contracts';
import { escapeHtml } from '../mail/html.js';
import type { MailMessage } from '../mail/mail.port.js';

/** A digest lists at most this many notifications; the rest are counted (they are all in the app). */
export const DIGEST_MAX_ITEMS = 100;

export type DigestEntry = { tenantId: string; tenantName: string; title: string; body: string };

const WORDS = {
  en: {
    subject: `Your daily ${PRODUCT_NAME} summary`,
    hello: (name: string) => `Hello ${name},`,
    intro: `This is what happened for you in ${PRODUCT_NAME} since your last summary:`,
    more: (n: number) => `…and ${n} more in ${PRODUCT_NAME}.`,
    open: `Open ${PRODUCT_NAME}`,
    settings: 'You get this mail once a day because of your notification settings. Change them under Notifications:',
  },
  da: {
    subject: `Dit daglige overblik fra ${PRODUCT_NAME}`,
    hello: (name: string) => `Hej ${name},`,
    intro: `Det her er sket for dig i ${PRODUCT_NAME} siden dit sidste overblik:`,
    more: (n: number) => `…og ${n} mere i ${PRODUCT_NAME}.`,
    open: `Åbn ${PRODUCT_NAME}`,
    settings:
      'Du får denne mail en gang om dagen på grund af dine indstillinger for notifikationer. Skift dem under Notifikationer:',
  },
} as const;

/** Plain text from users keeps its line breaks in HTML, and nothing else of its own. */
const htmlText = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

/** One user's digest: their notifications grouped by tenant, in their language. */
export function dailyDigestMail(
  user: { email: string; name: string; language: string },
  entries: DigestEntry[],
  publicUrl: string,
): MailMessage {
  const w = WORDS[productLanguage(user.language)];
  const shown = entries.slice(0, DIGEST_MAX_ITEMS);
  const hidden = entries.length - shown.length;
  const byTenant = new Map<string, { name: string; items: DigestEntry[] }>();
  for (const e of shown) {
    const group = byTenant.get(e.tenantId) ?? { name: e.tenantName, items: [] };
    group.items.push(e);
    byTenant.set(e.tenantId, group);
  }
  const groups = [...byTenant.values()];
  const home = `${publicUrl}/home`;
  const settings = `${publicUrl}/notifications`;

  const html = [
    `<p>${escapeHtml(w.hello(user.name))}</p>`,
    `<p>${escapeHtml(w.intro)}</p>`,
    ...groups.map(
      (g) =>
        `<h2>${escapeHtml(g.name)}</h2><ul>${g.items
          .map((i) => `<li><strong>${htmlText(i.title)}</strong>${i.body ? `<br>${htmlText(i.body)}` : ''}</li>`)
          .join('')}</ul>`,
    ),
    hidden > 0 ? `<p>${escapeHtml(w.more(hidden))}</p>` : '',
    `<p><a href="${escapeHtml(home)}">${escapeHtml(w.open)}</a></p>`,
    `<p>${escapeHtml(w.settings)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  ].join('');

  const text = [
    w.hello(user.name),
    '',
    w.intro,
    ...groups.flatMap((g) => [
      '',
      g.name,
      ...g.items.flatMap((i) => [`- ${i.title}`, ...(i.body ? i.body.split(/\r?\n/).map((l) => `  ${l}`) : [])]),
    ]),
    ...(hidden > 0 ? ['', w.more(hidden)] : []),
    '',
    `${w.open}: ${home}`,
    `${w.settings} ${settings}`,
  ].join('\n');

  return { to: user.email, subject: w.subject, html, text };
}
