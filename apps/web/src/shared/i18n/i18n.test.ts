import { describe, expect, it } from 'vitest';
import da from './locales/da.json';
import en from './locales/en.json';

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
    expect(en.chooseYourActiveTenant.toLowerCase()).toBe('choose your active tenant');
    expect(en.activeTenant).toBe('Active Tenant');
    expect(en.unauthorized).toBe('Unauthorized');
  });
});
