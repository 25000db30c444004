import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

// The Sprints feature's workspaces ('collaborations'): people working together on ideas, which they
// comment on. The Sprints pages themselves are not built yet; /tenants/info/{id} reads their numbers
// (spec part 2 §3 "Tenant collaboration info"). Every table carries tenant_id for row-level security.

const tenantId = () => cascadeTo(() => tenants.id);

export const collaborations = pgTable(
  'collaborations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collaborations_tenant_idx').on(t.tenantId), tenantOwned()],
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

/** An idea put forward in a collaboration. */
export const collaborationIdeas = pgTable(
  'collaboration_ideas',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    collaborationId: cascadeTo(() => collaborations.id),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collaboration_ideas_collaboration_idx').on(t.collaborationId), tenantOwned()],
);

/** A comment on an idea. */
export const collaborationComments = pgTable(
  'collaboration_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    ideaId: cascadeTo(() => collaborationIdeas.id),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collaboration_comments_idea_idx').on(t.ideaId), tenantOwned()],
);
