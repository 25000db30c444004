import { PRODUCT_NAME, productLanguage } from '@atrium/contracts';
import { escapeHtml } from '../mail/html.js';
import type { MailMessage } from '../mail/mail.port.js';

/** A digest lists at most this many notifications; the rest are counted (they are all in the app). */
export const DIGEST_MAX_ITEMS = 100;

export type DigestEntry = { tenantId: string; tenantName: string; title: string; body: string };

/** The digests' intervals: Once A Day, Once A Week, Once A Moth (NOTIFICATION_INTERVALS 2, 3, 4). */
export type DigestInterval = 2 | 3 | 4;

const WORDS = {
  en: {
    subjects: {
      2: `Your daily ${PRODUCT_NAME} summary`,
      3: `Your weekly ${PRODUCT_NAME} summary`,
      4: `Your monthly ${PRODUCT_NAME} summary`,
    },
    every: { 2: 'once a day', 3: 'once a week', 4: 'once a month' },
    immediately: 'as it happens',
    view: 'Open it',
    hello: (name: string) => `Hello ${name},`,
    intro: `This is what happened for you in ${PRODUCT_NAME} since your last summary:`,
    more: (n: number) => `…and ${n} more in ${PRODUCT_NAME}.`,
    open: `Open ${PRODUCT_NAME}`,
    settings: (every: string) =>
      `You get this mail ${every} because of your notification settings. Change them under Notifications:`,
  },
  da: {
    subjects: {
      2: `Dit daglige overblik fra ${PRODUCT_NAME}`,
      3: `Dit ugentlige overblik fra ${PRODUCT_NAME}`,
      4: `Dit månedlige overblik fra ${PRODUCT_NAME}`,
    },
    every: { 2: 'en gang om dagen', 3: 'en gang om ugen', 4: 'en gang om måneden' },
    immediately: 'med det samme',
    view: 'Åbn den',
    hello: (name: string) => `Hej ${name},`,
    intro: `Det her er sket for dig i ${PRODUCT_NAME} siden dit sidste overblik:`,
    more: (n: number) => `…og ${n} mere i ${PRODUCT_NAME}.`,
    open: `Åbn ${PRODUCT_NAME}`,
    settings: (every: string) =>
      `Du får denne mail ${every} på grund af dine indstillinger for notifikationer. Skift dem under Notifikationer:`,
  },
} as const;

/** Plain text from users keeps its line breaks in HTML, and nothing else of its own. */
const htmlText = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

/** One user's daily digest (the 'Send daily mails' button's). */
export const dailyDigestMail = (
  user: { email: string; name: string; language: string },
  entries: DigestEntry[],
  publicUrl: string,
) => digestMail(user, entries, publicUrl, 2);

/** One user's digest of an interval: their notifications grouped by tenant, in their language. */
export function digestMail(
  user: { email: string; name: string; language: string },
  entries: DigestEntry[],
  publicUrl: string,
  interval: DigestInterval,
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
    `<p>${escapeHtml(w.settings(w.every[interval]))} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
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
    `${w.settings(w.every[interval])} ${settings}`,
  ].join('\n');

  return { to: user.email, subject: w.subjects[interval], html, text };
}

/** The mail of one notification a user gets 'Immediately', in their language: its title is the subject. */
export function immediateMail(
  user: { email: string; language: string },
  item: { title: string; body: string; link: string | null },
  publicUrl: string,
): MailMessage {
  const w = WORDS[productLanguage(user.language)];
  const open = `${publicUrl}${item.link ?? '/notifications/inbox'}`;
  const settings = `${publicUrl}/notifications`;
  const html = [
    `<p><strong>${htmlText(item.title)}</strong></p>`,
    item.body ? `<p>${htmlText(item.body)}</p>` : '',
    `<p><a href="${escapeHtml(open)}">${escapeHtml(w.view)}</a></p>`,
    `<p>${escapeHtml(w.settings(w.immediately))} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  ].join('');
  const text = [
    item.title,
    ...(item.body ? ['', item.body] : []),
    '',
    `${w.view}: ${open}`,
    '',
    `${w.settings(w.immediately)} ${settings}`,
  ].join('\n');
  // A subject is one line.
  return { to: user.email, subject: item.title.replace(/\s+/g, ' ').trim().slice(0, 200), html, text };
}
