import { DEFAULT_THEME, defaultVariantColorsResolver, getContrastColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, generatePalette, TEXT_CONTRAST } from './palette';
import {
  accessibleTextVariables,
  buildTheme,
  DEFAULT_PRIMARY,
  DIMMED,
  readableLightVariantText,
  readableVariants,
  tenantCssVariables,
} from './theme';

const TENANT_COLOURS = [DEFAULT_PRIMARY, '#4f46e5', '#fde047', '#0f766e', '#111827', '#ffffff', '#000000', '#ff0000'];
const WHITE = '#ffffff';
const BLACK = '#000000';

// The surfaces text sits on: Mantine's light body, gray-0..2 cards and hovers; its dark body (dark-7),
// dark-8 headers, dark-6 cards and dark-5 hovers.
const LIGHT_SURFACES = ['#ffffff', '#f8f9fa', '#f1f3f5', '#e9ecef'];
const DARK_SURFACES = ['#242424', '#1f1f1f', '#2e2e2e', '#3b3b3b'];

describe('accessible text colours', () => {
  it('dimmed text reads at 4.5:1 on every surface in light and dark (Mantine gray-6 and dark-2 did not)', () => {
    for (const bg of LIGHT_SURFACES) expect(contrastRatio(DIMMED.light, bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    for (const bg of DARK_SURFACES) expect(contrastRatio(DIMMED.dark, bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // What the issue measured: the defaults fail.
    expect(contrastRatio('#868e96', '#ffffff')).toBeLessThan(TEXT_CONTRAST);
    expect(contrastRatio('#828282', '#242424')).toBeLessThan(TEXT_CONTRAST);
  });

  it.each(TENANT_COLOURS)(
    'primary-coloured text and links read at 4.5:1 in both schemes for the tenant colour %s',
    (hex) => {
      const vars = accessibleTextVariables(generatePalette(hex));
      expect(contrastRatio(vars.light['--atrium-primary-text'], '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(vars.dark['--atrium-primary-text'], '#242424')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(vars.light['--mantine-color-anchor']).toBe(vars.light['--atrium-primary-text']);
      expect(vars.dark['--mantine-color-anchor']).toBe(vars.dark['--atrium-primary-text']);
    },
  );

  it('keeps the tenant colour itself for text when it is dark enough on white', () => {
    expect(accessibleTextVariables(generatePalette('#0f766e')).light['--atrium-primary-text']).toBe('#0f766e');
  });

  it('the theme resolver sets them in both schemes, beside the tenant surfaces', () => {
    const custom = { primaryColor: '#fde047', menuBackgroundColor: '#102030' };
    const resolved = tenantCssVariables(custom)(buildTheme(custom) as never);
    expect(resolved.light['--mantine-color-dimmed']).toBe(DIMMED.light);
    expect(resolved.dark['--mantine-color-dimmed']).toBe(DIMMED.dark);
    expect(resolved.light['--atrium-menu-bg']).toBe('#102030');
    expect(contrastRatio(resolved.light['--atrium-primary-text'] as string, '#ffffff')).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
  });
});

describe('accessible variants', () => {
  const themeFor = (primaryColor: string) =>
    mergeMantineTheme(DEFAULT_THEME, buildTheme({ primaryColor, secondaryColor: primaryColor }));

  it.each(TENANT_COLOURS)('filled text picked by autoContrast reads at 4.5:1 on every colour (tenant %s)', (hex) => {
    const theme = themeFor(hex);
    for (const [name, shades] of Object.entries(theme.colors)) {
      const background = shades[6] as string;
      const text = getContrastColor({ color: name, theme, autoContrast: true });
      const textHex = text.includes('white') ? WHITE : BLACK;
      expect(contrastRatio(textHex, background), `${name} ${background}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('filled red is red-9 under white text (red-6 with white was 3.3:1)', () => {
    const theme = themeFor(DEFAULT_PRIMARY);
    const colors = readableVariants({ color: 'red', theme, variant: 'filled' });
    expect(colors.background).toBe('var(--mantine-color-red-9)');
    expect(colors.color).toBe('var(--mantine-color-white)');
    expect(contrastRatio(theme.colors.red[9], WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(theme.colors.red[8], WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(theme.colors.red[6], WHITE)).toBeLessThan(TEXT_CONTRAST);
    // Other variants are Mantine's own.
    expect(readableVariants({ color: 'red', theme, variant: 'light' })).toEqual(
      defaultVariantColorsResolver({ color: 'red', theme, variant: 'light' }),
    );
  });

  it.each(TENANT_COLOURS)('light-variant text reads on its tint and hover tint for every colour (tenant %s)', (hex) => {
    const theme = themeFor(hex);
    const vars = readableLightVariantText(theme.colors);
    for (const [name, shades] of Object.entries(theme.colors)) {
      const text = vars[`--mantine-color-${name}-light-color`] ?? (shades[9] as string);
      expect(contrastRatio(text, shades[1] as string), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(text, shades[2] as string), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // What axe found: orange-9 on orange-1.
    expect(contrastRatio(DEFAULT_THEME.colors.orange[9], DEFAULT_THEME.colors.orange[1])).toBeLessThan(TEXT_CONTRAST);
    // A colour that already reads keeps Mantine's own shade.
    expect(vars['--mantine-color-gray-light-color']).toBeUndefined();
  });

  it('placeholders read like dimmed text, in both schemes', () => {
    const resolved = tenantCssVariables(null)(themeFor(DEFAULT_PRIMARY) as never);
    expect(resolved.light['--mantine-color-placeholder']).toBe(DIMMED.light);
    expect(resolved.dark['--mantine-color-placeholder']).toBe(DIMMED.dark);
    expect(resolved.light['--mantine-color-orange-light-color']).toBeDefined();
  });
});
