import { isLanguage, LOCALES } from '@/shared/i18n/languages';

// Building a formatter costs far more than using one, and the week grid shows a number per cell on
// every render: one per locale and precision, made once.
const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number as people of the UI language write it, up to `decimals` decimals and without grouping
 * (149.75 in English, 149,75 in Danish).
 */
export function formatNumber(value: number, language: string, decimals = 2): string {
  const locale = isLanguage(language) ? LOCALES[language] : LOCALES.en;
  const key = `${locale}/${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false });
    formats.set(key, format);
  }
  return format.format(value);
}
