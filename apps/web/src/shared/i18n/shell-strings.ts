/**
 * The English strings the first page load carries: every top-level string and these blocks, which the
 * public pages (sign-in, passwords, errors, the offline status) and the shell's frame use. Every other block (a module's,
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
  // The offline banner, unsynced label and queue dialog show on the signed-out pages too.
  'offline',
] as const;

/** The part of a strings file the first page load carries (see SHELL_BLOCKS). */
export function shellStrings(all: Record<string, unknown>): Record<string, unknown> {
  const blocks: readonly string[] = SHELL_BLOCKS;
  return Object.fromEntries(
    Object.entries(all).filter(([key, value]) => typeof value === 'string' || blocks.includes(key)),
  );
}

type Strings = { [key: string]: unknown };

/**
 * One language's strings: the shared file's and every feature's own (features/<m>/locales/<lng>.json),
 * merged block by block. A string given by two files is an error, so a feature cannot silently
 * replace another's words.
 */
export function mergeStrings(parts: readonly { file: string; strings: Strings }[]): Strings {
  const merged: Strings = {};
  const from = new Map<string, string>();
  const into = (target: Strings, source: Strings, path: string, file: string) => {
    for (const [key, value] of Object.entries(source)) {
      const at = path ? `${path}.${key}` : key;
      const here = target[key];
      if (value && typeof value === 'object' && (here === undefined || (here && typeof here === 'object'))) {
        target[key] ??= {};
        into(target[key] as Strings, value as Strings, at, file);
      } else if (here !== undefined) {
        throw new Error(`The string ${at} is in both ${from.get(at) ?? 'another file'} and ${file}`);
      } else {
        target[key] = value;
        from.set(at, file);
      }
    }
  };
  for (const { file, strings } of parts) into(merged, strings, '', file);
  return merged;
}
