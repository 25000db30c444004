import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/**
 * Every file stored in the media folder: who uploaded it, when, how large, and whether a record shows
 * it. Rows of removed files stay an hour longer, so that what a user uploaded and then replaced still
 * counts against their hourly volume.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The storage key (the file name under /core/api/media/). */
    key: text().notNull(),
    /** Null for files found in the folder that no upload recorded (older installations). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** What the upload is for (avatar, logo, mobileLogo, homeLogo). */
    purpose: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Whether a record (a tenant's logo, a user's picture) shows the file. */
    referenced: boolean().notNull().default(false),
    /** When the file was removed; the row goes an hour later. */
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('media_uploads_key_idx').on(t.key),
    // The hourly volume of one user.
    index('media_uploads_user_created_idx').on(t.userId, t.createdAt),
    // The sweep: files no record shows, oldest first.
    index('media_uploads_unreferenced_idx')
      .on(t.createdAt)
      .where(sql`${t.referenced} = false and ${t.removedAt} is null`),
  ],
);
