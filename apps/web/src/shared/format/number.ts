import { isLanguage, LOCALES } from '@/shared/i18n/languages';

/**
 * A number as people of the UI language write it, up to `decimals` decimals and without grouping
 * (149.75 in English, 149,75 in Danish).
 */
export function formatNumber(value: number, language: string, decimals = 2): string {
  return new Intl.NumberFormat(isLanguage(language) ? LOCALES[language] : LOCALES.en, {
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(value);
}
