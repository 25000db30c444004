import type { CustomTenantProperties } from '@atrium/contracts';
import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';
import { BREAKPOINTS } from '@/shared/config/ui';
import { BASE_SHADE, generatePalette, relativeLuminance } from './palette';

/** Atrium's own colours, used until a tenant brings its own. */
export const DEFAULT_PRIMARY = '#3b5bdb';
export const DEFAULT_SECONDARY = '#0c8599';

const SYSTEM_FONTS =
  "Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const fontStack = (font: string | null | undefined) => (font ? `'${font}', ${SYSTEM_FONTS}` : SYSTEM_FONTS);

/** Mantine theme for the active tenant's customTenantProperties (or Atrium's defaults). */
export function buildTheme(custom: CustomTenantProperties | null | undefined): MantineThemeOverride {
  const fontFamily = fontStack(custom?.fontFamily);
  return createTheme({
    colors: {
      brand: generatePalette(custom?.primaryColor ?? DEFAULT_PRIMARY),
      accent: generatePalette(custom?.secondaryColor ?? DEFAULT_SECONDARY),
    },
    primaryColor: 'brand',
    primaryShade: { light: BASE_SHADE, dark: BASE_SHADE },
    autoContrast: true,
    luminanceThreshold: 0.4,
    fontFamily,
    headings: { fontFamily, fontWeight: '650' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Mobile is 768px and narrower, so "from sm" starts at 769px; 'lg' is the sign-in panel's 1200px.
    breakpoints: {
      xs: '36em',
      sm: `${(BREAKPOINTS.mobile + 1) / 16}em`,
      md: '62em',
      lg: `${BREAKPOINTS.signinPanel / 16}em`,
      xl: '88em',
    },
    // A searchable list opened by focus alone (a dialog focusing its first field) took the first Escape
    // to close itself, so Escape seemed to do nothing. Lists open on click, typing or ArrowDown instead.
    // Plain objects, not Select.extend(): the theme is on the sign-in page, the selects are not.
    components: {
      Select: { defaultProps: { openOnFocus: false } },
      MultiSelect: { defaultProps: { openOnFocus: false } },
      Autocomplete: { defaultProps: { openOnFocus: false } },
      TagsInput: { defaultProps: { openOnFocus: false } },
    },
  });
}

/**
 * The tenant's surface colours. They apply in light mode only: a light tenant background under dark-mode
 * text would be unreadable, and dark mode keeps its own surfaces.
 */
export function tenantCssVariables(custom: CustomTenantProperties | null | undefined): CSSVariablesResolver {
  return () => {
    const light: Record<string, string> = {};
    if (custom?.backgroundColor) light['--atrium-page-bg'] = custom.backgroundColor;
    if (custom?.menuBackgroundColor) {
      light['--atrium-menu-bg'] = custom.menuBackgroundColor;
      if (relativeLuminance(custom.menuBackgroundColor) < 0.18) {
        light['--atrium-menu-text'] = '#ffffff';
        light['--atrium-menu-dimmed'] = 'rgba(255, 255, 255, 0.72)';
      }
    }
    return { variables: {}, light, dark: {} };
  };
}
