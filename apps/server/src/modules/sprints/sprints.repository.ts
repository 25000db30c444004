import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { collaborationComments, collaborationIdeas, collaborationMembers, collaborations } from './sprints.schema.js';

/**
 * Each collaboration of the tenant with its numbers of members, ideas and comments, in name order: one
 * statement, the three counts grouped once per table and joined (not a query per collaboration).
 */
export function collaborationStats(db: Db, tenantId: string) {
  const members = db
    .select({ collaborationId: collaborationMembers.collaborationId, n: count().as('members_n') })
    .from(collaborationMembers)
    .where(eq(collaborationMembers.tenantId, tenantId))
    .groupBy(collaborationMembers.collaborationId)
    .as('members');
  const ideas = db
    .select({ collaborationId: collaborationIdeas.collaborationId, n: count().as('ideas_n') })
    .from(collaborationIdeas)
    .where(eq(collaborationIdeas.tenantId, tenantId))
    .groupBy(collaborationIdeas.collaborationId)
    .as('ideas');
  const comments = db
    .select({ collaborationId: collaborationIdeas.collaborationId, n: count().as('comments_n') })
    .from(collaborationComments)
    .innerJoin(collaborationIdeas, eq(collaborationIdeas.id, collaborationComments.ideaId))
    .where(eq(collaborationComments.tenantId, tenantId))
    .groupBy(collaborationIdeas.collaborationId)
    .as('comments');
  return db
    .select({
      id: collaborations.id,
      name: collaborations.name,
      usersCount: sql<number>`coalesce(${members.n}, 0)::int`,
      ideasCount: sql<number>`coalesce(${ideas.n}, 0)::int`,
      commentsCount: sql<number>`coalesce(${comments.n}, 0)::int`,
    })
    .from(collaborations)
    .leftJoin(members, eq(members.collaborationId, collaborations.id))
    .leftJoin(ideas, eq(ideas.collaborationId, collaborations.id))
    .leftJoin(comments, eq(comments.collaborationId, collaborations.id))
    .where(eq(collaborations.tenantId, tenantId))
    .orderBy(sql`lower(${collaborations.name})`, asc(collaborations.id));
}
