import { isLanguage, LOCALES } from '@/shared/i18n/languages';

// The one place dates become text. The spec fixes the numeric formats for every language
// (dd-MM-yyyy and dd-MM-yyyy HH:mm); only words (weekday, month) follow the UI language.

const pad = (n: number) => String(n).padStart(2, '0');
const locale = (language: string) => (isLanguage(language) ? LOCALES[language] : LOCALES.en);

/**
 * A calendar day ('YYYY-MM-DD') is built from its parts in local time, so it never shows as the day
 * before west of Greenwich; anything else is read as an instant.
 */
function toDate(value: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * dd-MM-yyyy HH:mm in the browser's time zone. The hour is the hour of the day (00-23): a 12-hour clock
 * without am/pm would make 09:00 and 21:00 look the same. Text that is not a date is shown as it came.
 */
export function formatDateTime(iso: string): string {
  const d = toDate(iso);
  if (!d) return iso;
  return `${formatDate(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** dd-MM-yyyy, for a calendar day or an instant. Text that is not a date is shown as it came. */
export function formatDate(value: string): string {
  const d = toDate(value);
  if (!d) return value;
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

/** dd-MM: a day whose year is plain from the context (the week grid's columns). */
export function formatDay(value: string): string {
  return formatDate(value).slice(0, 5);
}

// toLocaleDateString builds a formatter on every call, and the week grid names a weekday in each cell's
// label on every render: each formatter is made once per locale (the same text).
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, kind: 'weekday' | 'month') {
  const key = `${locale(language)}/${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale(language),
      kind === 'weekday' ? { weekday: 'short' } : { month: 'long', year: 'numeric' },
    );
    formats.set(key, format);
  }
  return format;
}

/** The short weekday in the UI language: Mon, man. */
export function formatWeekday(value: string, language: string): string {
  const d = toDate(value);
  return d ? dateFormat(language, 'weekday').format(d) : value;
}

/** Month and year in the UI language: November 2026, november 2026. */
export function formatMonth(value: string, language: string): string {
  const d = toDate(value);
  return d ? dateFormat(language, 'month').format(d) : value;
}
