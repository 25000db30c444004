/**
 * Looking a string up and filling it in, without any state: the rules of the strings files
 * (locales/*.json), which are i18next's JSON format (docs/decisions/024).
 * - keys are paths through nested objects, separated by dots;
 * - `{{name}}` is replaced by the option `name`; a placeholder without a value stays as it is;
 * - with a numeric `count`, `<key>_<plural category>` is looked up first (the language's
 *   Intl.PluralRules category; `_zero` before it when count is 0), then `<key>` itself.
 */

export type Bundle = { readonly [key: string]: string | Bundle };

export type TranslateOptions = { count?: number; defaultValue?: string; [name: string]: unknown };

/** The string at a dotted path, or undefined (also when the path ends at a block). */
export function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let value: string | Bundle | undefined = bundle;
  for (const part of key.split('.')) {
    if (value === undefined || typeof value === 'string') return undefined;
    value = value[part];
  }
  return typeof value === 'string' ? value : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The keys to try for `key`, most specific first. */
export function candidateKeys(key: string, locale: string, count: number | undefined): string[] {
  if (typeof count !== 'number') return [key];
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const keys = [`${key}_${rules.select(count)}`, key];
  return count === 0 ? [`${key}_zero`, ...keys] : keys;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

/** A language's strings with the locale whose plural rules they follow. */
export type Source = { bundle: Bundle | undefined; locale: string };

/**
 * `key` from the first source that has it (the language's, then the fallback's), filled in; otherwise
 * the default value, otherwise the key itself.
 */
export function translate(sources: readonly Source[], key: string, options?: TranslateOptions): string {
  for (const { bundle, locale } of sources) {
    if (!bundle) continue;
    for (const candidate of candidateKeys(key, locale, options?.count)) {
      const text = lookup(bundle, candidate);
      if (text !== undefined) return interpolate(text, options);
    }
  }
  return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
}
