import { type AnyPgColumn, uuid } from 'drizzle-orm/pg-core';

/** A row's reference to the row it belongs to: required, and deleted with it. */
export const cascadeTo = (column: () => AnyPgColumn) => uuid().notNull().references(column, { onDelete: 'cascade' });
