/** An API answer as JSON carries it: dates arrive as ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** One page of a paged list, as every list endpoint answers it (contracts' `pageOf`). */
export type Page<T> = { data: T[]; total: number; page: number; take: number };
