import { DEFAULT_LANGUAGE, LANGUAGES } from '@atrium/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language, LOCALES } from './languages';
import shell from './locales/en.json?shell';

type Strings = typeof import('./locales/en.json');

export { type Language, LOCALES } from './languages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Strings };
  }
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: shell } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  // Re-render when the rest of the strings arrive (allStrings below).
  react: { useSuspense: false, bindI18nStore: 'added' },
  initAsync: false,
});

/** Bundles of the languages other than English, fetched when first chosen. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Strings }>> = {
  da: () => import('./locales/da.json'),
};

let rest: Promise<void> | undefined;

/**
 * All the English strings, beyond the shell's part the first load carries (shell-strings.ts): the
 * signed-in shell waits for them, so its pages never show a key. English is every language's fallback.
 */
export function allStrings(): Promise<void> {
  rest ??= import('./locales/en.json').then((m) => {
    i18n.addResourceBundle('en', 'translation', m.default, true, true);
  });
  return rest;
}

/** Switches the UI language; languages other than English are loaded on first use. */
export async function setLanguage(language: string): Promise<void> {
  const lng: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  if (lng !== 'en' && !i18n.hasResourceBundle(lng, 'translation')) {
    const bundle = await loaders[lng]();
    i18n.addResourceBundle(lng, 'translation', bundle.default);
  }
  await i18n.changeLanguage(lng);
  document.documentElement.lang = LOCALES[lng];
}

export { i18n };
