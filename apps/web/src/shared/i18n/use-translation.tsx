import { cloneElement, Fragment, type ReactElement, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { i18n, type TFunction, type TranslationKey } from './i18n';
import { interpolate, type TranslateOptions } from './translate';

const version = () => i18n.version;

/**
 * `t` for the current language and strings, and the i18n object. The component re-renders when either
 * changes, and `t` is then a new function, so memos that use it recompute.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const current = useSyncExternalStore(i18n.subscribe, version, version);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for each version is the point.
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [current]);
  return { t, i18n };
}

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A string with markup: each `<name>text</name>` of the translation becomes `components[name]` holding the
 * text. Tags come from the translation only; values are filled in afterwards, as plain text.
 */
export function Trans({
  i18nKey,
  values,
  components = {},
}: {
  i18nKey: TranslationKey;
  values?: TranslateOptions;
  components?: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  const template = t(i18nKey, values?.count === undefined ? undefined : { count: values.count });
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    parts.push(interpolate(template.slice(last, match.index), values));
    const [, name = '', inner = ''] = match;
    const component = components[name];
    const text = interpolate(inner, values);
    parts.push(component ? cloneElement(component, { key: match.index }, text) : text);
    last = match.index + match[0].length;
  }
  parts.push(interpolate(template.slice(last), values));
  return <Fragment>{parts}</Fragment>;
}
