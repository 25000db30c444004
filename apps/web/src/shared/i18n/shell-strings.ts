/**
 * The English strings the first page load carries: every top-level string and these blocks, which the
 * public pages (sign-in, passwords, errors) and the shell's frame use. Every other block (a module's,
 * added later too) comes with the rest of the strings, fetched before the signed-in shell renders.
 * Kept out of the first bundle for its size: the sign-in page's JavaScript has a budget (issue 13).
 */
export const SHELL_BLOCKS = [
  'validation',
  'errorCodes',
  'marketing',
  'menu',
  'feature',
  'roles',
  'languages',
  'modules',
  'passwords',
  'office365',
  'gdpr',
  'a11y',
] as const;

/** The part of a strings file the first page load carries (see SHELL_BLOCKS). */
export function shellStrings(all: Record<string, unknown>): Record<string, unknown> {
  const blocks: readonly string[] = SHELL_BLOCKS;
  return Object.fromEntries(
    Object.entries(all).filter(([key, value]) => typeof value === 'string' || blocks.includes(key)),
  );
}
