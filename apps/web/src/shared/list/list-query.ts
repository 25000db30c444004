import type { ListParams } from '@atrium/contracts';

/** The query string of a paged list call (API contract: page, take, sort, direction, search). */
export function listQuery<S extends string>(params: ListParams<S>, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    page: String(params.page),
    take: String(params.take),
    sort: params.sort,
    direction: params.direction,
    ...extra,
  });
  if (params.search.trim()) query.set('search', params.search.trim());
  return query;
}
