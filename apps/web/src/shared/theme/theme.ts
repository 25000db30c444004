import type { CustomTenantProperties } from '@atrium/contracts';
import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineThemeOverride,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { BREAKPOINTS } from '@/shared/config/ui';
import {
  BASE_SHADE,
  darkenUntilReadable,
  EQUAL_CONTRAST_LUMINANCE,
  generatePalette,
  type Palette,
  readableShade,
  relativeLuminance,
} from './palette';

/** Atrium's own colours, used until a tenant brings its own. */
export const DEFAULT_PRIMARY = '#3b5bdb';
export const DEFAULT_SECONDARY = '#0c8599';

const SYSTEM_FONTS =
  "Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const fontStack = (font: string | null | undefined) => (font ? `'${font}', ${SYSTEM_FONTS}` : SYSTEM_FONTS);

/**
 * Mantine theme for the active tenant's customTenantProperties (or Atrium's defaults). `closeNotice`
 * names every toast's close button, in the user's language (Mantine's has no name of its own), and
 * `showPassword` every password field's show/hide toggle (Mantine's own name is English; the button
 * says whether the password shows through aria-pressed).
 */
export function buildTheme(
  custom: CustomTenantProperties | null | undefined,
  closeNotice = 'Close the notice',
  showPassword = 'Show password',
): MantineThemeOverride {
  const fontFamily = fontStack(custom?.fontFamily);
  return createTheme({
    colors: {
      brand: generatePalette(custom?.primaryColor ?? DEFAULT_PRIMARY),
      accent: generatePalette(custom?.secondaryColor ?? DEFAULT_SECONDARY),
    },
    primaryColor: 'brand',
    primaryShade: { light: BASE_SHADE, dark: BASE_SHADE },
    autoContrast: true,
    luminanceThreshold: EQUAL_CONTRAST_LUMINANCE,
    variantColorResolver: readableVariants,
    fontFamily,
    headings: { fontFamily, fontWeight: '650' },
    defaultRadius: 'md',
    respectReducedMotion: true,
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
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeNotice } } },
      PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': showPassword } } },
    },
  });
}

/**
 * Filled red takes red-9 under white text (5.5:1): red-6 reads at 3.3:1 with white, and black text on a
 * danger button would look like a warning. Every other filled colour is left to autoContrast.
 */
export const readableVariants: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.color === 'red' && parsed.shade === undefined) {
    return {
      ...colors,
      background: 'var(--mantine-color-red-9)',
      hover: 'var(--mantine-color-red-8)',
      color: 'var(--mantine-color-white)',
    };
  }
  return colors;
};

/**
 * Light-variant text (badges, alerts, light buttons) in light mode: Mantine puts shade 9 on shade 1,
 * which is under 4.5:1 for orange, yellow, green, lime and teal (and for light tenant colours). Each
 * such colour gets shade 9 darkened until it reads on shade 2, the hover tint.
 */
export function readableLightVariantText(colors: Record<string, readonly string[]>) {
  const vars: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const [tint, text] = [shades[2], shades[9]];
    if (!tint?.startsWith('#') || !text?.startsWith('#')) continue;
    const readable = darkenUntilReadable(text, tint);
    if (readable !== text.toLowerCase()) vars[`--mantine-color-${name}-light-color`] = readable;
  }
  return vars;
}

/**
 * Secondary ('dimmed') text. Mantine's own (gray-6 #868e96 in light, dark-2 #828282 in dark) reads at
 * 3.3:1 and 4.0:1 on the page; these keep 4.5:1 (WCAG 2.1 AA) on every surface up to gray-2 / dark-5.
 */
export const DIMMED = { light: '#5f666d', dark: '#a6a6a6' } as const;

/** Mantine's body text: black in light, dark-0 in dark. */
const TEXT = { light: '#000000', dark: '#c9c9c9' } as const;

/** The page surfaces text in the primary colour sits on: Mantine's white body and dark-7 body. */
export const SURFACES = { light: '#ffffff', dark: '#242424' } as const;

/**
 * The theme-wide colours that carry text, set so that every one reads at 4.5:1 whatever the tenant's
 * colours are: dimmed text, links and primary-coloured text (the brand's own shade when it is dark
 * enough on white, a darker one when not; in dark mode a light enough tint).
 */
export function accessibleTextVariables(brand: Palette) {
  // No shade of the tenant's colour reads? Then such text takes the page's own text colour.
  const lightText = readableShade(brand, SURFACES.light, BASE_SHADE, 1) ?? TEXT.light;
  const darkText = readableShade(brand, SURFACES.dark, 4, -1) ?? TEXT.dark;
  return {
    light: {
      '--mantine-color-dimmed': DIMMED.light,
      '--mantine-color-placeholder': DIMMED.light,
      '--atrium-dimmed': DIMMED.light,
      '--atrium-primary-text': lightText,
      '--mantine-color-anchor': lightText,
      '--mantine-color-brand-text': lightText,
    },
    dark: {
      '--mantine-color-dimmed': DIMMED.dark,
      '--mantine-color-placeholder': DIMMED.dark,
      '--atrium-dimmed': DIMMED.dark,
      '--atrium-primary-text': darkText,
      '--mantine-color-anchor': darkText,
      '--mantine-color-brand-text': darkText,
    },
  };
}

/**
 * The tenant's surface colours. They apply in light mode only: a light tenant background under dark-mode
 * text would be unreadable, and dark mode keeps its own surfaces.
 */
export function tenantCssVariables(custom: CustomTenantProperties | null | undefined): CSSVariablesResolver {
  const brand = generatePalette(custom?.primaryColor ?? DEFAULT_PRIMARY);
  const text = accessibleTextVariables(brand);
  return (theme) => {
    // Mantine's error text is under WCAG AA's 4.5:1 on its own surfaces (axe): darker in light mode,
    // lighter in dark mode.
    const light: Record<string, string> = {
      ...readableLightVariantText(theme.colors),
      ...text.light,
      '--mantine-color-error': 'var(--mantine-color-red-9)',
    };
    const dark: Record<string, string> = { ...text.dark, '--mantine-color-error': 'var(--mantine-color-red-4)' };
    if (custom?.backgroundColor) light['--atrium-page-bg'] = custom.backgroundColor;
    if (custom?.menuBackgroundColor) {
      light['--atrium-menu-bg'] = custom.menuBackgroundColor;
      if (relativeLuminance(custom.menuBackgroundColor) < 0.18) {
        light['--atrium-menu-text'] = '#ffffff';
        light['--atrium-menu-dimmed'] = 'rgba(255, 255, 255, 0.72)';
      }
    }
    return { variables: {}, light, dark };
  };
}
