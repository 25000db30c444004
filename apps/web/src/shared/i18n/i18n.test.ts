import { describe, expect, it } from 'vitest';
// Every string of each language: this folder's files merged with the features' own.
import da from './locales/da.json?all';
import sharedEn from './locales/en.json';
import en from './locales/en.json?all';
import { mergeStrings } from './shell-strings';

/** The features' own strings files (features/<m>/locales/<lng>.json). */
const featureFiles = import.meta.glob<Record<string, unknown>>('../../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('translations', () => {
  it('Danish has every English key and no others', () => {
    expect(keys(da).sort()).toEqual(keys(en).sort());
  });

  it('has no empty strings', () => {
    for (const bundle of [en, da]) {
      for (const key of keys(bundle)) {
        const value = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], bundle);
        expect(value, key).toMatch(/\S/);
      }
    }
  });

  it('keeps the keys the spec names', () => {
    expect(en.welcomeAgain).toBeTruthy();
    expect(en.home).toBeTruthy();
    expect(en.useMenu).toBeTruthy();
    expect(String(en.chooseYourActiveTenant).toLowerCase()).toBe('choose your active tenant');
    expect(en.activeTenant).toBe('Active Tenant');
    expect(en.unauthorized).toBe('Unauthorized');
  });

  it('keeps each built module’s strings in its own folder, not in the shared files', () => {
    const features = new Set(Object.keys(featureFiles).map((file) => file.split('/')[3]!));
    expect(features.size).toBeGreaterThan(0);
    for (const feature of features) {
      const block = feature.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      expect({ feature, block: typeof (sharedEn as Record<string, unknown>)[block] }).not.toEqual({
        feature,
        block: 'object',
      });
      expect({ feature, menu: (sharedEn.menu as Record<string, string>)[feature] }).toEqual({
        feature,
        menu: undefined,
      });
    }
  });

  it('has every string of each feature’s own files', () => {
    // Each merged file's keys once (rebuilding them for every key took seconds).
    const mergedKeys = { da: new Set(keys(da)), en: new Set(keys(en)) };
    for (const [file, strings] of Object.entries(featureFiles)) {
      const merged = file.endsWith('/da.json') ? mergedKeys.da : mergedKeys.en;
      expect(
        keys(strings).filter((key) => !merged.has(key)),
        file,
      ).toEqual([]);
    }
  });
});

describe('merging the strings files', () => {
  it('merges blocks across files', () => {
    const merged = mergeStrings([
      { file: 'shared', strings: { menu: { home: 'Home' }, title: 'Atrium' } },
      { file: 'mail', strings: { menu: { mail: 'Mail outbox' }, mailOutbox: { empty: 'No mail' } } },
    ]);
    expect(merged).toEqual({
      menu: { home: 'Home', mail: 'Mail outbox' },
      title: 'Atrium',
      mailOutbox: { empty: 'No mail' },
    });
  });

  it('refuses a string that two files give', () => {
    const twice = () =>
      mergeStrings([
        { file: 'shared', strings: { menu: { mail: 'Mail' } } },
        { file: 'mail', strings: { menu: { mail: 'Mail outbox' } } },
      ]);
    expect(twice).toThrow('The string menu.mail is in both shared and mail');
    expect(() =>
      mergeStrings([
        { file: 'shared', strings: { mail: 'Mail' } },
        { file: 'mail', strings: { mail: { title: 'Mail' } } },
      ]),
    ).toThrow('mail');
  });
});
