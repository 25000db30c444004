import { isLanguage, LOCALES } from '@/shared/i18n/languages';

// Calendar dates ('YYYY-MM-DD') shown in the UI language. Built from their parts in local time, so a
// date never shows as the day before west of Greenwich.

const localOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const locale = (language: string) => (isLanguage(language) ? LOCALES[language] : LOCALES.en);

/** 23/11/2026 (en-GB), 23.11.2026 (da). */
export const formatDate = (date: string, language: string) => localOf(date).toLocaleDateString(locale(language));

/** 23/11 (en-GB), 23.11 (da). */
export const formatDay = (date: string, language: string) =>
  localOf(date).toLocaleDateString(locale(language), { day: '2-digit', month: '2-digit' });

/** Mon, man. */
export const formatWeekday = (date: string, language: string) =>
  localOf(date).toLocaleDateString(locale(language), { weekday: 'short' });

/** November 2026, november 2026. */
export const formatMonth = (date: string, language: string) =>
  localOf(date).toLocaleDateString(locale(language), { month: 'long', year: 'numeric' });
