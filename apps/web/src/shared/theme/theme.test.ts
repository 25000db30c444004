import { describe, expect, it } from 'vitest';
import { contrastRatio, generatePalette, TEXT_CONTRAST } from './palette';
import { accessibleTextVariables, buildTheme, DEFAULT_PRIMARY, DIMMED, tenantCssVariables } from './theme';

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

  it.each([DEFAULT_PRIMARY, '#4f46e5', '#fde047', '#0f766e', '#111827', '#ffffff', '#000000', '#ff0000'])(
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
