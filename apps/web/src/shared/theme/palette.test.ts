import { HEX_COLOUR } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { BASE_SHADE, generatePalette, HEX, lightness, normalizeHex } from './palette';
import { buildTheme } from './theme';

describe('generatePalette', () => {
  it.each(['#4f46e5', '#0f766e', '#f59e0b', '#ff0000', '#111827', '#fde047', '#abc', '#FFFFFF', '#000000'])(
    'makes ten valid shades around %s with the colour itself at the base shade',
    (hex) => {
      const palette = generatePalette(hex);
      expect(palette).toHaveLength(10);
      for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
      expect(palette[BASE_SHADE]).toBe(normalizeHex(hex));
      const l = palette.map(lightness);
      for (let i = 1; i < l.length; i++) expect(l[i]).toBeLessThanOrEqual((l[i - 1] ?? 1) + 1e-6);
    },
  );

  it('spreads a mid colour from a near-white tint to a deep shade', () => {
    const palette = generatePalette('#4f46e5');
    expect(lightness(palette[0])).toBeGreaterThan(0.95);
    expect(lightness(palette[9])).toBeLessThan(0.4);
  });

  it('rejects what is not a hex colour', () => {
    expect(() => generatePalette('red')).toThrow();
  });

  it('accepts exactly what the contracts accept as a hex colour', () => {
    for (const value of ['#abc', '#AbCdEf', '#abcd', '#ab', 'abc', '#abcdeg', '#1234567', '']) {
      expect(HEX.test(value)).toBe(HEX_COLOUR.test(value));
    }
  });
});

describe('buildTheme', () => {
  it('uses the tenant primary colour and font', () => {
    const theme = buildTheme({ primaryColor: '#0f766e', fontFamily: 'Courier New' });
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[BASE_SHADE]).toBe('#0f766e');
    expect(theme.fontFamily).toMatch(/^'Courier New', /);
    expect(theme.headings?.fontFamily).toBe(theme.fontFamily);
  });

  it("falls back to Atrium's colours and the system font", () => {
    const theme = buildTheme(null);
    expect(theme.colors?.brand).toHaveLength(10);
    expect(theme.fontFamily?.startsWith("'")).toBe(false);
  });
});
