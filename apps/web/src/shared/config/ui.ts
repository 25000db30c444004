import type { Role } from '@atrium/contracts';

/** The product's name, as the UI shows it (titles, logo, footer): the contracts' one. */
export { PRODUCT_NAME } from '@atrium/contracts';

/** Widths in px at which layouts change (spec part 1 §9, part 2 §9). */
export const BREAKPOINTS = { mobile: 768, signinPanel: 1200, rowActions: 575, headerAdd: 1050, table: 1200 } as const;

/** Header height in px on mobile and desktop, and the scroll distance after which it is "active". */
export const HEADER = { mobileHeight: 64, desktopHeight: 45, activeAfterScroll: 15 } as const;

/** Duration of UI animations in ms. */
export const ANIMATION_MS = 200;

/** Lifetime of a toast in ms. */
export const TOAST_MS = 3000;

/** The user list renders this many rows at a time; names are cut at this length. */
export const USER_LIST = { batch: 50, nameMaxLength: 15 } as const;

/** Badge labels of the users list. */
export const ROLE_BADGES: Record<Role, string> = {
  User: 'User',
  TenantAdmin: 'Admin',
  Superadmin: 'Super',
  PartnerManager: 'Partner',
};
