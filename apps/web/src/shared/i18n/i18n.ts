import { DEFAULT_LANGUAGE, LANGUAGES } from '@atrium/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language, LOCALES } from './languages';
import en from './locales/en.json';

export { type Language, LOCALES } from './languages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
});

/** Bundles of the languages other than English, fetched when first chosen. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  da: () => import('./locales/da.json'),
};

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
