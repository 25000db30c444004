import { type Placeholder, sql } from 'drizzle-orm';

/**
 * `= any(...)` of a list as one array parameter: the statement's text stays the same whatever the
 * list's length, which a prepared statement needs (db/client.ts compiledRead). A placeholder stands for
 * the list in a compiled statement.
 */
export const anyOf = (values: readonly string[] | Placeholder, type: 'uuid' | 'text') =>
  sql`any(${sql.param(values)}::${sql.raw(type)}[])`;
