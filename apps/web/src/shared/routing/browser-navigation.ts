/**
 * Whole-page navigations, which load the app afresh (one place, so tests can watch them): leaving for
 * another site, or opening a page of the app as a new load.
 */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
};
