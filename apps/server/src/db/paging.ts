/** Which page of a list a request asks for: the page query's (contracts' `pageQuerySchema`) 1-based `page` of `take` rows. */
export interface PageRequest {
  page: number;
  take: number;
}

/** The rows a page covers, as SQL's `limit` and `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export const pageWindow = ({ page, take }: PageRequest): PageWindow => ({ limit: take, offset: (page - 1) * take });

/**
 * A paged list's answer, `{ data, total, page, take }` (contracts' `pageOf`): `fetch` reads the rows of
 * the page's window and counts every row that matches.
 */
export async function paged<T>(
  q: PageRequest,
  fetch: (window: PageWindow) => Promise<{ rows: T[]; total: number }>,
): Promise<{ data: T[]; total: number; page: number; take: number }> {
  const { rows, total } = await fetch(pageWindow(q));
  return { data: rows, total, page: q.page, take: q.take };
}
