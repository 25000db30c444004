import { DEFAULT_LANGUAGE } from '@atrium/contracts';
import { isLanguage, type Language, LOCALES } from './languages';
import shell from './locales/en.json?shell';
import { type Bundle, type Source, type TranslateOptions, translate } from './translate';

export { type Language, LOCALES } from './languages';
export type { TranslateOptions } from './translate';

/**
 * Each feature's own English strings, by feature: features/<m>/locales/strings.ts adds its entry, so
 * that TranslationKey knows the keys of features/<m>/locales/en.json.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the features' strings.ts files add its members.
export interface FeatureStrings {}
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Strings = typeof import('./locales/en.json') & UnionToIntersection<FeatureStrings[keyof FeatureStrings]>;
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type WithoutPlural<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every string's key, checked at compile time; a plural is named without its suffix and chosen by `count`. */
export type TranslationKey = WithoutPlural<Leaves<Strings>>;
export type TFunction = (key: TranslationKey, options?: TranslateOptions) => string;

// English is every language's fallback, so it is always there: the shell's part from the first load,
// all of it once allStrings() has run.
const bundles: Partial<Record<Language, Bundle>> & { en: Bundle } = { en: shell as Bundle };
let language: Language = DEFAULT_LANGUAGE;
let sources: Source[] = [];
let version = 0;
const listeners = new Set<() => void>();

/** Called after every change of language or strings: components re-render with the new text. */
function changed() {
  sources = [
    ...(language === 'en' ? [] : [{ bundle: bundles[language], locale: LOCALES[language] }]),
    { bundle: bundles.en, locale: LOCALES.en },
  ];
  version += 1;
  for (const listener of listeners) listener();
}
changed();

/** `t` for keys built at run time, which typed keys cannot check; a missing key gives the default value. */
export const translateKey = (t: TFunction, key: string, options: TranslateOptions & { defaultValue: string }) =>
  (t as (key: string, options: TranslateOptions) => string)(key, options);

/** The UI language and its strings; components read them through useTranslation. */
export const i18n = {
  get language(): Language {
    return language;
  },
  /** Bumped on every change (useSyncExternalStore's snapshot). */
  get version(): number {
    return version;
  },
  t: ((key, options) => translate(sources, key, options)) as TFunction,
  changeLanguage(lng: Language): void {
    language = lng;
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Bundles of the languages other than English, fetched when first chosen. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  da: () => import('./locales/da.json?all'),
};

let rest: Promise<void> | undefined;

/**
 * All the English strings, beyond the shell's part the first load carries (shell-strings.ts): the
 * signed-in shell waits for them, so its pages never show a key.
 */
export function allStrings(): Promise<void> {
  rest ??= import('./locales/en.json?all').then((m) => {
    bundles.en = m.default as Bundle;
    changed();
  });
  return rest;
}

let lastRequested: Language | undefined;

/**
 * Switches the UI language; languages other than English are loaded on first use. The last call wins,
 * even when an earlier one's strings arrive after it.
 */
export async function setLanguage(requested: string): Promise<void> {
  const lng: Language = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
  lastRequested = lng;
  if (lng !== 'en' && !bundles[lng]) bundles[lng] = (await loaders[lng]()).default as Bundle;
  if (lastRequested !== lng) return;
  i18n.changeLanguage(lng);
  document.documentElement.lang = LOCALES[lng];
}
