import type { CollaborationListQuery, CollaborationStatus, IdeaSort, IdeaStatus } from '@atrium/contracts';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tenantDepartments, tenantTeams } from '../tenant-settings/teams.schema.js';
import { tenantTags } from '../tenant-settings/tenant-lists.schema.js';
import { userGroupMembers, userGroups } from '../usergroups/usergroups.schema.js';
import { tenantMemberships, users } from '../users/users.schema.js';
import {
  collaborationComments,
  collaborationIdeas,
  collaborationMembers,
  collaborations,
  collaborationVotes,
} from './sprints.schema.js';

const fullName = sql<string>`trim(${users.name} || ' ' || ${users.surname})`;
/** A person as the API shows them (author, owner, member), or null when the user is gone. */
const person = sql<{ id: string; fullName: string; imagePath: string | null } | null>`case when ${users.id} is null
  then null else json_build_object('id', ${users.id}, 'fullName', ${fullName}, 'imagePath', ${users.imagePath}) end`;

/** Derived from the dates in the database's today, unless closed by hand. */
export const statusOf = sql<CollaborationStatus>`case
  when ${collaborations.closedAt} is not null then 'closed'
  when ${collaborations.startsOn} > current_date then 'upcoming'
  when ${collaborations.endsOn} < current_date then 'finished'
  else 'running' end`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- collaborations -------------------------------------------------------------------------------

const isMemberOf = (me: string) =>
  sql<boolean>`exists (select 1 from ${collaborationMembers} m
    where m.collaboration_id = ${collaborations.id} and m.user_id = ${me})`;

const summaryColumns = (me: string) => ({
  id: collaborations.id,
  title: collaborations.name,
  status: statusOf,
  startsOn: collaborations.startsOn,
  endsOn: collaborations.endsOn,
  ownerId: collaborations.ownerId,
  owner: person,
  membersCount: collaborations.membersCount,
  ideasCount: collaborations.ideasCount,
  isMember: isMemberOf(me),
  createdAt: collaborations.createdAt,
});

const SORT_COLUMNS = {
  title: sql`lower(${collaborations.name})`,
  startsOn: collaborations.startsOn,
  createdAt: collaborations.createdAt,
} as const;

/**
 * A page of the tenant's collaborations the caller sees (`all`: every one, for administrators; else
 * those they are a member of), and how many of them are in each status, before the status filter.
 */
export async function listCollaborations(
  db: Db,
  tenantId: string,
  me: string,
  all: boolean,
  query: CollaborationListQuery,
) {
  const seen = and(
    eq(collaborations.tenantId, tenantId),
    all ? undefined : isMemberOf(me),
    query.search?.trim() ? sql`${collaborations.name} ilike ${`%${escapeLike(query.search.trim())}%`}` : undefined,
  );
  const order = query.direction === 'asc' ? asc : desc;
  const [rows, counts] = await Promise.all([
    db
      .select(summaryColumns(me))
      .from(collaborations)
      .leftJoin(users, eq(users.id, collaborations.ownerId))
      .where(and(seen, query.status ? sql`${statusOf} = ${query.status}` : undefined))
      // Only the start date may be empty (last either way); the creation order is the index's.
      .orderBy(
        query.sort === 'startsOn' ? sql`${order(SORT_COLUMNS.startsOn)} nulls last` : order(SORT_COLUMNS[query.sort]),
        order(collaborations.id),
      )
      .limit(query.take)
      .offset((query.page - 1) * query.take),
    db.select({ status: statusOf, n: count() }).from(collaborations).where(seen).groupBy(statusOf),
  ]);
  return { rows, counts };
}

export async function findCollaboration(db: Db, tenantId: string, id: string, me: string) {
  const [row] = await db
    .select({ ...summaryColumns(me), description: collaborations.description, closedAt: collaborations.closedAt })
    .from(collaborations)
    .leftJoin(users, eq(users.id, collaborations.ownerId))
    .where(and(eq(collaborations.tenantId, tenantId), eq(collaborations.id, id)));
  return row;
}
export type CollaborationRow = NonNullable<Awaited<ReturnType<typeof findCollaboration>>>;

export const listMembers = (db: Db, tenantId: string, collaborationId: string) =>
  db
    .select({ id: users.id, fullName, imagePath: users.imagePath })
    .from(collaborationMembers)
    .innerJoin(users, eq(users.id, collaborationMembers.userId))
    .where(and(eq(collaborationMembers.tenantId, tenantId), eq(collaborationMembers.collaborationId, collaborationId)))
    .orderBy(sql`lower(${fullName})`, users.id);

/** The member ids of a collaboration (the live events' and notifications' recipients). */
export async function memberIds(db: Db, tenantId: string, collaborationId: string) {
  const rows = await db
    .select({ userId: collaborationMembers.userId })
    .from(collaborationMembers)
    .where(and(eq(collaborationMembers.tenantId, tenantId), eq(collaborationMembers.collaborationId, collaborationId)));
  return rows.map((r) => r.userId);
}

export type CollaborationValues = {
  name: string;
  description: string | null;
  startsOn: string | null;
  endsOn: string | null;
  closedAt: Date | null;
  ownerId: string | null;
};

export async function insertCollaboration(db: Db, tenantId: string, values: CollaborationValues) {
  const [row] = await db
    .insert(collaborations)
    .values({ tenantId, ...values })
    .returning({ id: collaborations.id });
  return row!.id;
}

export async function updateCollaboration(db: Db, tenantId: string, id: string, values: CollaborationValues) {
  await db
    .update(collaborations)
    .set(values)
    .where(and(eq(collaborations.tenantId, tenantId), eq(collaborations.id, id)));
}

export async function deleteCollaboration(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .delete(collaborations)
    .where(and(eq(collaborations.tenantId, tenantId), eq(collaborations.id, id)))
    .returning();
  return row;
}

/** Which of these ids are live people of the tenant. */
export async function tenantPeople(db: Db, tenantId: string, userIds: string[]) {
  if (!userIds.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(tenantMemberships, and(eq(tenantMemberships.userId, users.id), eq(tenantMemberships.tenantId, tenantId)))
    .where(and(inArray(users.id, userIds), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/** Which of these ids are the tenant's user groups. */
export async function tenantGroups(db: Db, tenantId: string, groupIds: string[]) {
  if (!groupIds.length) return [];
  const rows = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, tenantId), inArray(userGroups.id, groupIds)));
  return rows.map((r) => r.id);
}

/** Of ids, the tenant's teams (or departments). */
export async function tenantTeamIds(db: Db, tenantId: string, kind: 'teams' | 'departments', ids: string[]) {
  if (!ids.length) return [];
  const t = kind === 'teams' ? tenantTeams : tenantDepartments;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), inArray(t.id, ids)));
  return rows.map((r) => r.id);
}

/** Whole sets of people to add: user groups, and the teams and departments memberships have now. */
export type MemberSets = { groupIds: string[]; teamIds: string[]; departmentIds: string[] };

/**
 * Adds people, and the current members of user groups, teams and departments who are live people of
 * the tenant, to a collaboration (those already in it stay as they are) and keeps its member count.
 * Answers how many joined.
 */
export async function addMembers(
  db: Db,
  tenantId: string,
  collaborationId: string,
  userIds: string[],
  { groupIds, teamIds, departmentIds }: MemberSets = { groupIds: [], teamIds: [], departmentIds: [] },
) {
  const fromGroups = groupIds.length
    ? sql`or ${users.id} in (select gm.user_id from ${userGroupMembers} gm join ${userGroups} g on g.id = gm.group_id
        where g.tenant_id = ${tenantId} and gm.group_id in ${groupIds})`
    : sql``;
  // tm is the tenant's membership (joined below): its team or department at this moment.
  const fromTeams = teamIds.length ? sql`or tm.team_id in ${teamIds}` : sql``;
  const fromDepartments = departmentIds.length ? sql`or tm.department_id in ${departmentIds}` : sql``;
  const ids = userIds.length ? sql`${users.id} in ${userIds}` : sql`false`;
  const result = (await db.execute(sql`
    with added as (
      insert into ${collaborationMembers} (tenant_id, collaboration_id, user_id)
      select ${tenantId}, ${collaborationId}, ${users.id} from ${users}
        join ${tenantMemberships} tm on tm.user_id = ${users.id} and tm.tenant_id = ${tenantId}
        where ${users.deletedAt} is null and (${ids} ${fromGroups} ${fromTeams} ${fromDepartments})
      on conflict do nothing
      returning 1)
    update ${collaborations} set members_count = members_count + (select count(*) from added)
      where id = ${collaborationId} and tenant_id = ${tenantId}
      returning (select count(*) from added)::int as n`)) as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

export async function removeMember(db: Db, tenantId: string, collaborationId: string, userId: string) {
  const removed = await db
    .delete(collaborationMembers)
    .where(
      and(
        eq(collaborationMembers.tenantId, tenantId),
        eq(collaborationMembers.collaborationId, collaborationId),
        eq(collaborationMembers.userId, userId),
      ),
    )
    .returning({ id: collaborationMembers.id });
  if (removed.length) {
    await db
      .update(collaborations)
      .set({ membersCount: sql`${collaborations.membersCount} - 1` })
      .where(and(eq(collaborations.tenantId, tenantId), eq(collaborations.id, collaborationId)));
  }
  return removed.length > 0;
}

/** People of the tenant not in the collaboration yet and the tenant's user groups, matching the search. */
export async function memberChoices(db: Db, tenantId: string, collaborationId: string, search: string, max: number) {
  const like = `%${escapeLike(search)}%`;
  // A team's or department's live people in the tenant (tables named in full: see tenant-lists.repository.ts).
  const setOf = (t: typeof tenantTeams | typeof tenantDepartments, table: string, ref: string) =>
    db
      .select({
        id: t.id,
        name: t.name,
        membersCount: sql<number>`(select count(*) from tenant_memberships tm join users u on u.id = tm.user_id
          and u.deleted_at is null where tm.${sql.raw(ref)} = ${sql.raw(table)}.id and tm.tenant_id = ${tenantId})::int`,
      })
      .from(t)
      .where(and(eq(t.tenantId, tenantId), search ? sql`${t.name} ilike ${like}` : undefined))
      .orderBy(sql`lower(${t.name})`, t.id)
      .limit(max);
  const [people, groups, teams, departments] = await Promise.all([
    db
      .select({ id: users.id, fullName, imagePath: users.imagePath })
      .from(users)
      .innerJoin(
        tenantMemberships,
        and(eq(tenantMemberships.userId, users.id), eq(tenantMemberships.tenantId, tenantId)),
      )
      .where(
        and(
          isNull(users.deletedAt),
          search ? sql`(${fullName} ilike ${like} or ${users.email} ilike ${like})` : undefined,
          sql`not exists (select 1 from ${collaborationMembers} m
            where m.collaboration_id = ${collaborationId} and m.user_id = ${users.id})`,
        ),
      )
      .orderBy(sql`lower(${fullName})`, users.id)
      .limit(max),
    db
      .select({
        id: userGroups.id,
        name: userGroups.name,
        membersCount: sql<number>`(select count(*) from ${userGroupMembers} gm where gm.group_id = ${userGroups.id})::int`,
      })
      .from(userGroups)
      .where(and(eq(userGroups.tenantId, tenantId), search ? sql`${userGroups.name} ilike ${like}` : undefined))
      .orderBy(sql`lower(${userGroups.name})`, userGroups.id)
      .limit(max),
    setOf(tenantTeams, 'tenant_teams', 'team_id'),
    setOf(tenantDepartments, 'tenant_departments', 'department_id'),
  ]);
  return { people, groups, teams, departments };
}

// ---- tags -----------------------------------------------------------------------------------------

export const listTags = (db: Db, tenantId: string) =>
  db
    .select({ id: tenantTags.id, title: tenantTags.title })
    .from(tenantTags)
    .where(eq(tenantTags.tenantId, tenantId))
    .orderBy(sql`lower(${tenantTags.title})`, tenantTags.id);

/** Which of these ids are the tenant's tags. */
export async function knownTags(db: Db, tenantId: string, tagIds: string[]) {
  if (!tagIds.length) return [];
  const rows = await db
    .select({ id: tenantTags.id })
    .from(tenantTags)
    .where(and(eq(tenantTags.tenantId, tenantId), inArray(tenantTags.id, tagIds)));
  return rows.map((r) => r.id);
}

// ---- ideas ----------------------------------------------------------------------------------------

/** A keyset position: the sort's count (for votes and comments), the row's exact time and its id. */
export type Position = { n: number; at: string; id: string };

const SORT_COUNT = {
  newest: null,
  votes: collaborationIdeas.votesCount,
  comments: collaborationIdeas.commentsCount,
} as const;

const ideaColumns = (me: string) => ({
  id: collaborationIdeas.id,
  collaborationId: collaborationIdeas.collaborationId,
  title: collaborationIdeas.title,
  description: collaborationIdeas.description,
  status: sql<IdeaStatus>`${collaborationIdeas.status}`,
  authorId: collaborationIdeas.authorId,
  author: person,
  // The tenant's tags the idea names, in title order (a tag deleted from the list drops out).
  tags: sql<{ id: string; title: string }[]>`coalesce((select json_agg(json_build_object('id', t.id, 'title', t.title)
      order by lower(t.title), t.id) from ${tenantTags} t where t.id = any(${collaborationIdeas.tagIds})), '[]'::json)`,
  votesCount: collaborationIdeas.votesCount,
  commentsCount: collaborationIdeas.commentsCount,
  votedByMe: sql<boolean>`exists (select 1 from ${collaborationVotes} v
    where v.idea_id = ${collaborationIdeas.id} and v.user_id = ${me})`,
  createdAt: collaborationIdeas.createdAt,
  updatedAt: collaborationIdeas.updatedAt,
  // The exact time as text: a JS Date keeps milliseconds, PostgreSQL microseconds.
  at: sql<string>`${collaborationIdeas.createdAt}::text`,
});

/**
 * A page of a collaboration's ideas in the sort's order (ties broken by time, then id), after a keyset
 * position: the sort's index is walked from there, so a page costs the same at any depth and size.
 */
export function ideasPage(
  db: Db,
  tenantId: string,
  collaborationId: string,
  me: string,
  filter: { sort: IdeaSort; status?: IdeaStatus; tagId?: string; after?: Position; limit: number },
) {
  const counted = SORT_COUNT[filter.sort];
  const after = filter.after;
  const keyset = !after
    ? undefined
    : counted
      ? sql`(${counted}, ${collaborationIdeas.createdAt}, ${collaborationIdeas.id}) < (${after.n}, ${after.at}::timestamptz, ${after.id}::uuid)`
      : sql`(${collaborationIdeas.createdAt}, ${collaborationIdeas.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
  return db
    .select(ideaColumns(me))
    .from(collaborationIdeas)
    .leftJoin(users, eq(users.id, collaborationIdeas.authorId))
    .where(
      and(
        eq(collaborationIdeas.collaborationId, collaborationId),
        eq(collaborationIdeas.tenantId, tenantId),
        filter.status ? eq(collaborationIdeas.status, filter.status) : undefined,
        filter.tagId ? sql`${collaborationIdeas.tagIds} @> array[${filter.tagId}]::uuid[]` : undefined,
        keyset,
      ),
    )
    .orderBy(...(counted ? [desc(counted)] : []), desc(collaborationIdeas.createdAt), desc(collaborationIdeas.id))
    .limit(filter.limit);
}
export type IdeaRow = Awaited<ReturnType<typeof ideasPage>>[number];

export async function findIdea(db: Db, tenantId: string, id: string, me: string) {
  const [row] = await db
    .select(ideaColumns(me))
    .from(collaborationIdeas)
    .leftJoin(users, eq(users.id, collaborationIdeas.authorId))
    .where(and(eq(collaborationIdeas.tenantId, tenantId), eq(collaborationIdeas.id, id)));
  return row;
}

export type IdeaValues = { title: string; description: string | null; tagIds: string[] };

export async function insertIdea(
  db: Db,
  tenantId: string,
  collaborationId: string,
  authorId: string | null,
  values: IdeaValues,
) {
  const [row] = await db
    .insert(collaborationIdeas)
    .values({ tenantId, collaborationId, authorId, ...values })
    .returning({ id: collaborationIdeas.id });
  await db
    .update(collaborations)
    .set({ ideasCount: sql`${collaborations.ideasCount} + 1` })
    .where(and(eq(collaborations.tenantId, tenantId), eq(collaborations.id, collaborationId)));
  return row!.id;
}

export async function updateIdea(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<IdeaValues> & { status?: string },
) {
  await db
    .update(collaborationIdeas)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(collaborationIdeas.tenantId, tenantId), eq(collaborationIdeas.id, id)));
}

export async function deleteIdea(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .delete(collaborationIdeas)
    .where(and(eq(collaborationIdeas.tenantId, tenantId), eq(collaborationIdeas.id, id)))
    .returning();
  if (row) {
    await db
      .update(collaborations)
      .set({
        ideasCount: sql`${collaborations.ideasCount} - 1`,
        commentsCount: sql`${collaborations.commentsCount} - ${row.commentsCount}`,
      })
      .where(and(eq(collaborations.tenantId, tenantId), eq(collaborations.id, row.collaborationId)));
  }
  return row;
}

/** Casts or takes back the member's vote (once each way) and answers the idea's count. */
export async function setVote(db: Db, tenantId: string, ideaId: string, userId: string, on: boolean) {
  const changed = on
    ? await db
        .insert(collaborationVotes)
        .values({ tenantId, ideaId, userId })
        .onConflictDoNothing()
        .returning({ ideaId: collaborationVotes.ideaId })
    : await db
        .delete(collaborationVotes)
        .where(
          and(
            eq(collaborationVotes.tenantId, tenantId),
            eq(collaborationVotes.ideaId, ideaId),
            eq(collaborationVotes.userId, userId),
          ),
        )
        .returning({ ideaId: collaborationVotes.ideaId });
  const step = changed.length ? (on ? 1 : -1) : 0;
  const [row] = await db
    .update(collaborationIdeas)
    .set({ votesCount: sql`${collaborationIdeas.votesCount} + ${step}` })
    .where(and(eq(collaborationIdeas.tenantId, tenantId), eq(collaborationIdeas.id, ideaId)))
    .returning({ votesCount: collaborationIdeas.votesCount });
  return { votesCount: row?.votesCount ?? 0, changed: step !== 0 };
}

// ---- comments -------------------------------------------------------------------------------------

const commentColumns = {
  id: collaborationComments.id,
  ideaId: collaborationComments.ideaId,
  text: collaborationComments.text,
  authorId: collaborationComments.authorId,
  author: person,
  createdAt: collaborationComments.createdAt,
  updatedAt: collaborationComments.updatedAt,
  at: sql<string>`${collaborationComments.createdAt}::text`,
};

/** A page of an idea's comments, oldest first, after a keyset position (the idea's index range). */
export function commentsPage(db: Db, tenantId: string, ideaId: string, after: Position | undefined, limit: number) {
  return db
    .select(commentColumns)
    .from(collaborationComments)
    .leftJoin(users, eq(users.id, collaborationComments.authorId))
    .where(
      and(
        eq(collaborationComments.ideaId, ideaId),
        eq(collaborationComments.tenantId, tenantId),
        after
          ? sql`(${collaborationComments.createdAt}, ${collaborationComments.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(collaborationComments.createdAt), asc(collaborationComments.id))
    .limit(limit);
}
export type CommentRow = Awaited<ReturnType<typeof commentsPage>>[number];

export async function findComment(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select(commentColumns)
    .from(collaborationComments)
    .leftJoin(users, eq(users.id, collaborationComments.authorId))
    .where(and(eq(collaborationComments.tenantId, tenantId), eq(collaborationComments.id, id)));
  return row;
}

/** Keeps the comment counts of the idea and of its collaboration. */
async function countComment(db: Db, tenantId: string, ideaId: string, step: 1 | -1) {
  const [idea] = await db
    .update(collaborationIdeas)
    .set({ commentsCount: sql`${collaborationIdeas.commentsCount} + ${step}` })
    .where(and(eq(collaborationIdeas.tenantId, tenantId), eq(collaborationIdeas.id, ideaId)))
    .returning({ collaborationId: collaborationIdeas.collaborationId });
  if (!idea) return;
  await db
    .update(collaborations)
    .set({ commentsCount: sql`${collaborations.commentsCount} + ${step}` })
    .where(and(eq(collaborations.tenantId, tenantId), eq(collaborations.id, idea.collaborationId)));
}

export async function insertComment(db: Db, tenantId: string, ideaId: string, authorId: string | null, text: string) {
  const [row] = await db
    .insert(collaborationComments)
    .values({ tenantId, ideaId, authorId, text })
    .returning({ id: collaborationComments.id });
  await countComment(db, tenantId, ideaId, 1);
  return row!.id;
}

export async function updateComment(db: Db, tenantId: string, id: string, text: string) {
  await db
    .update(collaborationComments)
    .set({ text, updatedAt: sql`now()` })
    .where(and(eq(collaborationComments.tenantId, tenantId), eq(collaborationComments.id, id)));
}

export async function deleteComment(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .delete(collaborationComments)
    .where(and(eq(collaborationComments.tenantId, tenantId), eq(collaborationComments.id, id)))
    .returning();
  if (row) await countComment(db, tenantId, row.ideaId, -1);
  return row;
}

// ---- statistics -----------------------------------------------------------------------------------

/**
 * Each collaboration of the tenant with its numbers of members, ideas and comments (the kept counts),
 * in name order.
 */
export function collaborationStats(db: Db, tenantId: string) {
  return db
    .select({
      id: collaborations.id,
      name: collaborations.name,
      usersCount: collaborations.membersCount,
      ideasCount: collaborations.ideasCount,
      commentsCount: collaborations.commentsCount,
    })
    .from(collaborations)
    .where(eq(collaborations.tenantId, tenantId))
    .orderBy(sql`lower(${collaborations.name})`, asc(collaborations.id));
}
