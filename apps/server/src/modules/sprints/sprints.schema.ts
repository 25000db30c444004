import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

// The Sprints feature's workspaces ('collaborations'): people working together on ideas, which they vote
// for and comment on (issue 42, decision 032). /tenants/info/{id} reads their numbers (spec part 2 §3
// "Tenant collaboration info"). Every table carries tenant_id for row-level security.

const tenantId = () => cascadeTo(() => tenants.id);
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const collaborations = pgTable(
  'collaborations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** Its title. */
    name: text().notNull(),
    /** Sanitized rich text (storage/rich-text.ts). */
    description: text(),
    startsOn: date({ mode: 'string' }),
    endsOn: date({ mode: 'string' }),
    /** Closed by hand: its status is 'closed' whatever the dates say. */
    closedAt: timestamp({ withTimezone: true }),
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // Kept by the service in the transaction of each change, so the list reads no aggregate.
    membersCount: integer().notNull().default(0),
    ideasCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('collaborations_tenant_created_idx').on(
      t.tenantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    tenantOwned(),
  ],
);

/** Who works in a collaboration (each user once). */
export const collaborationMembers = pgTable(
  'collaboration_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    collaborationId: cascadeTo(() => collaborations.id),
    userId: cascadeTo(() => users.id),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collaboration_members_collaboration_user_key').on(t.collaborationId, t.userId),
    index('collaboration_members_user_idx').on(t.userId),
    tenantOwned(),
  ],
);

/** An idea put forward in a collaboration, with its kept vote and comment counts (the sorts' keys). */
export const collaborationIdeas = pgTable(
  'collaboration_ideas',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    collaborationId: cascadeTo(() => collaborations.id),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text(),
    /** One of IDEA_STATUSES. */
    status: text().notNull().default('new'),
    /** Tags of the tenant's list (tenant_tags); a tag deleted there is dropped when read. */
    tagIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    votesCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  // One index per sort, each ending in the keyset's tie-breakers, so a page is an index range scan
  // whatever the collaboration's size. DESC NULLS FIRST is what ORDER BY ... DESC means: an index in
  // another null order does not serve it (even on NOT NULL columns), and every page would sort.
  (t) => [
    index('collaboration_ideas_newest_idx').on(
      t.collaborationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('collaboration_ideas_votes_idx').on(
      t.collaborationId,
      t.votesCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('collaboration_ideas_comments_idx').on(
      t.collaborationId,
      t.commentsCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('collaboration_ideas_tags_idx').using('gin', t.tagIds),
    tenantOwned(),
  ],
);

/** A member's vote for an idea: one per member and idea. */
export const collaborationVotes = pgTable(
  'collaboration_votes',
  {
    tenantId: tenantId(),
    ideaId: cascadeTo(() => collaborationIdeas.id),
    userId: cascadeTo(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ideaId, t.userId] }),
    index('collaboration_votes_user_idx').on(t.userId),
    tenantOwned(),
  ],
);

/** A comment on an idea (plain text). */
export const collaborationComments = pgTable(
  'collaboration_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    ideaId: cascadeTo(() => collaborationIdeas.id),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('collaboration_comments_idea_created_idx').on(t.ideaId, t.createdAt, t.id), tenantOwned()],
);
