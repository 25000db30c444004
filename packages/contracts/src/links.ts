import { MODULES, type ModuleKey, type Modules, type PageKey } from './modules.js';

/** The `:name` parameters of a route pattern, as a union of their names. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type PathOf<M extends ModuleKey, K extends PageKey<M>> = Modules[M]['pages'][K] extends { path: infer P extends string }
  ? P
  : never;

/** The values a page's parameters take (each is URI-encoded into its segment). */
export type PageParams<M extends ModuleKey, K extends PageKey<M>> = Record<ParamNames<PathOf<M, K>>, string | number>;

/** A query string's values; undefined ones are left out. */
export type LinkQuery = Record<string, string | number | undefined>;

type LinkArgs<M extends ModuleKey, K extends PageKey<M>> = [ParamNames<PathOf<M, K>>] extends [never]
  ? [params?: Record<string, never>, query?: LinkQuery]
  : [params: PageParams<M, K>, query?: LinkQuery];

/**
 * The app path of a module's page: href('clients', 'contact', { id }) is `/admin/clients/contacts/<id>`.
 * A wrong module, page or parameter name fails typecheck; parameters and query values are URI-encoded.
 */
export function href<M extends ModuleKey, K extends PageKey<M>>(
  module: M,
  page: K,
  ...[params, query]: LinkArgs<M, K>
) {
  const pattern: string = (MODULES[module].pages as Record<string, { path: string }>)[page]?.path ?? '';
  const values = (params ?? {}) as Record<string, string | number>;
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`href(${module}, ${page}): no value for :${name}`);
    // Encoded as a path segment needs: ',', ':' and '@' stay as they are (the sign-in error list uses ',').
    return encodeURIComponent(String(value)).replace(/%(2C|3A|40)/g, (c) => decodeURIComponent(c));
  });
  const pairs = Object.entries(query ?? {}).filter((pair): pair is [string, string | number] => pair[1] !== undefined);
  const search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
  return `/${path}${search ? `?${search}` : ''}`;
}
