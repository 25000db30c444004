import { isLanguage, LOCALES } from '@/shared/i18n/languages';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * dd-MM-yyyy HH:mm in the browser's time zone: the spec's date format for lists. The hour is the hour
 * of the day (00-23): a 12-hour clock without am/pm would make 09:00 and 21:00 look the same. Text that
 * is not a date is shown as it came rather than hidden.
 */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A day as people of the UI language write it (01/02/2026 in English, 1.2.2026 in Danish). */
export function formatDate(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(isLanguage(language) ? LOCALES[language] : LOCALES.en);
}
