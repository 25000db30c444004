import { LANGUAGES } from '@atrium/contracts';

export type Language = (typeof LANGUAGES)[number];

/** BCP 47 tag per language: English is British English (spec: locale en-gb). */
export const LOCALES: Record<Language, string> = { en: 'en-GB', da: 'da-DK' };

export const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);
