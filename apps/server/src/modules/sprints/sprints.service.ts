import {
  type AddMembersBody,
  COLLABORATION_CLOSED,
  COLLABORATION_STATUSES,
  type Collaboration,
  type CollaborationBody,
  type CollaborationListQuery,
  type CollaborationPage,
  type Comment,
  type CommentListQuery,
  type CommentPage,
  can,
  HUB_EVENTS,
  type Idea,
  type IdeaBody,
  type IdeaListQuery,
  type IdeaPage,
  type IdeaStatus,
  type MemberChoices,
  POLICIES,
  SPRINTS,
} from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/tokens.js';
import type { HubService } from '../../hub/index.js';
import { sanitizeRichText } from '../../storage/rich-text.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import * as repo from './sprints.repository.js';

// ---- the writes, shared by the service and the demo seed ------------------------------------------

type CollaborationInput = {
  title: string;
  description?: string | null;
  startsOn?: string | null;
  endsOn?: string | null;
  closed?: boolean;
  ownerId: string | null;
};

const collaborationValues = (input: CollaborationInput, closedAt: Date | null): repo.CollaborationValues => ({
  name: input.title.trim(),
  description: sanitizeRichText(input.description),
  startsOn: input.startsOn ?? null,
  endsOn: input.endsOn ?? null,
  closedAt: input.closed ? (closedAt ?? new Date()) : null,
  ownerId: input.ownerId,
});

/** Writes a collaboration with its owner as its first member; answers its id. */
export async function addCollaboration(tx: Db, tenantId: string, input: CollaborationInput, memberIds: string[] = []) {
  const id = await repo.insertCollaboration(tx, tenantId, collaborationValues(input, null));
  const people = input.ownerId ? [input.ownerId, ...memberIds] : memberIds;
  if (people.length) await repo.addMembers(tx, tenantId, id, people);
  return id;
}

/** Writes an idea (its description sanitized); answers its id. */
export const addIdea = (tx: Db, tenantId: string, collaborationId: string, authorId: string, body: IdeaBody) =>
  repo.insertIdea(tx, tenantId, collaborationId, authorId, {
    title: body.title.trim(),
    description: sanitizeRichText(body.description),
    tagIds: [...new Set(body.tagIds ?? [])],
  });

export const addComment = (tx: Db, tenantId: string, ideaId: string, authorId: string, text: string) =>
  repo.insertComment(tx, tenantId, ideaId, authorId, text);

export const moveIdea = (tx: Db, tenantId: string, ideaId: string, status: IdeaStatus) =>
  repo.updateIdea(tx, tenantId, ideaId, { status });

export const castVote = (tx: Db, tenantId: string, ideaId: string, userId: string) =>
  repo.setVote(tx, tenantId, ideaId, userId, true);

/** An idea's status in the notification's words (the web app has its own in its locales). */
const STATUS_WORDS: Record<'en' | 'da', Record<IdeaStatus, string>> = {
  en: { new: 'new', selected: 'selected', inProgress: 'in progress', done: 'done', rejected: 'rejected' },
  da: { new: 'ny', selected: 'udvalgt', inProgress: 'i gang', done: 'færdig', rejected: 'afvist' },
};

// ---- keyset cursors -------------------------------------------------------------------------------

/** The opaque `next` of a page: where the last row stands in the sort. */
const encodeCursor = (position: repo.Position) =>
  Buffer.from(JSON.stringify([position.n, position.at, position.id])).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A cursor the server wrote, or 400: anything else never reaches SQL. */
function decodeCursor(text: string | undefined): repo.Position | undefined {
  if (text === undefined) return undefined;
  try {
    const [n, at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (Number.isSafeInteger(n) && typeof at === 'string' && TIME.test(at) && typeof id === 'string' && UUID.test(id)) {
      return { n: n as number, at, id };
    }
  } catch {
    // falls through to the 400
  }
  throw fieldError('after', 'invalid', 'Not a position of this list');
}

// ---- the service ----------------------------------------------------------------------------------

type Access = {
  collaboration: repo.CollaborationRow;
  admin: boolean;
  member: boolean;
  /** Owner or administrator: edits it, chooses its members, moderates its ideas and comments. */
  manager: boolean;
};

/**
 * Sprints: collaborations, their members, ideas, votes and comments (issue 42, decision 032). Only a
 * collaboration's members and the tenant's administrators see it; to anyone else it does not exist.
 */
export function createSprintsService(deps: {
  db: Db;
  hub: HubService;
  log: FastifyBaseLogger;
  audit: AuditService;
  notifications: Pick<NotificationsService, 'raise'>;
}) {
  const { db, hub, log, audit, notifications } = deps;
  const isAdmin = (principal: Principal) => can(principal, POLICIES.tenantAdmins);

  async function access(tenantId: string, principal: Principal, id: string): Promise<Access> {
    const collaboration = await repo.findCollaboration(db, tenantId, id, principal.userId);
    const admin = isAdmin(principal);
    if (!collaboration || !(admin || collaboration.isMember)) throw new AppError('notFound', 'No such collaboration');
    const manager = admin || collaboration.ownerId === principal.userId;
    return { collaboration, admin, member: collaboration.isMember, manager };
  }

  const needManager = (a: Access) => {
    if (!a.manager) throw new AppError('forbidden', 'Only its owner or an administrator may do this');
  };

  /** Ideas, votes and comments are for members, while the collaboration is not closed. */
  const needOpenMember = (a: Access) => {
    if (!a.member) throw new AppError('forbidden', 'Only members take part in a collaboration');
    if (a.collaboration.status === 'closed') {
      throw new AppError('conflict', 'The collaboration is closed', [
        { field: 'collaboration', message: COLLABORATION_CLOSED },
      ]);
    }
  };

  async function ideaAccess(tenantId: string, principal: Principal, ideaId: string) {
    const idea = await repo.findIdea(db, tenantId, ideaId, principal.userId);
    if (!idea) throw new AppError('notFound', 'No such idea');
    // A non-member's 404 names the idea, not the collaboration it is in.
    const a = await access(tenantId, principal, idea.collaborationId).catch(() => {
      throw new AppError('notFound', 'No such idea');
    });
    return { idea, a };
  }

  /** The members' live sessions reload the collaboration's ideas (and an idea's comments). */
  async function tellMembers(tenantId: string, collaborationId: string, ideaId: string | null = null) {
    try {
      const ids = await repo.memberIds(db, tenantId, collaborationId);
      await Promise.all(ids.map((id) => hub.sendToUser(id, HUB_EVENTS.ReloadSprints, [collaborationId, ideaId])));
    } catch (err) {
      log.warn({ err }, 'sprints: live reload not sent');
    }
  }

  async function notify(tenantId: string, raise: Parameters<NotificationsService['raise']>[1]) {
    try {
      await notifications.raise(tenantId, raise);
    } catch (err) {
      log.error({ err, eventType: raise.eventType }, 'sprints: could not raise the notification');
    }
  }

  const link = (collaborationId: string, ideaId?: string) =>
    `/sprints/${collaborationId}${ideaId ? `?idea=${ideaId}` : ''}`;

  const toIdea = (row: repo.IdeaRow, principal: Principal, a: Access): Idea => {
    const { authorId, at: _at, ...idea } = row;
    const mine = authorId === principal.userId;
    return { ...idea, canEdit: mine, canDelete: mine || a.manager };
  };

  const toComment = (row: repo.CommentRow, principal: Principal, a: Access): Comment => {
    const { authorId, at: _at, ...comment } = row;
    const mine = authorId === principal.userId;
    return { ...comment, canEdit: mine, canDelete: mine || a.manager };
  };

  async function checkTags(tenantId: string, tagIds: string[] | undefined) {
    const wanted = [...new Set(tagIds ?? [])];
    if ((await repo.knownTags(db, tenantId, wanted)).length !== wanted.length) {
      throw fieldError('tagIds', 'notFound', 'A tag is not in the tenant’s tag list');
    }
  }

  async function checkOwner(tenantId: string, ownerId: string | undefined) {
    if (ownerId && !(await repo.tenantPeople(db, tenantId, [ownerId])).length) {
      throw fieldError('ownerId', 'notFound', 'No such person in this tenant');
    }
  }

  return {
    // ---- collaborations ----

    async list(tenantId: string, principal: Principal, query: CollaborationListQuery): Promise<CollaborationPage> {
      const { rows, counts } = await repo.listCollaborations(db, tenantId, principal.userId, isAdmin(principal), query);
      const statusCounts = Object.fromEntries(
        COLLABORATION_STATUSES.map((s) => [s, 0]),
      ) as CollaborationPage['statusCounts'];
      for (const c of counts) statusCounts[c.status] = c.n;
      const total = query.status ? statusCounts[query.status] : counts.reduce((sum, c) => sum + c.n, 0);
      return {
        data: rows.map(({ ownerId: _o, ...summary }) => summary),
        total,
        page: query.page,
        take: query.take,
        statusCounts,
      };
    },

    async get(tenantId: string, principal: Principal, id: string): Promise<Collaboration> {
      const a = await access(tenantId, principal, id);
      const { ownerId: _o, closedAt: _c, ...collaboration } = a.collaboration;
      return {
        ...collaboration,
        canManage: a.manager,
        canDelete: a.admin,
        members: await repo.listMembers(db, tenantId, id),
      };
    },

    async create(tenantId: string, principal: Principal, body: CollaborationBody & { title: string }) {
      if (!isAdmin(principal)) throw new AppError('forbidden', 'Tenant administrators create collaborations');
      await checkOwner(tenantId, body.ownerId);
      const id = await db.transaction((tx) =>
        addCollaboration(tx, tenantId, { ...body, ownerId: body.ownerId ?? principal.userId }),
      );
      return this.get(tenantId, principal, id);
    },

    async update(tenantId: string, principal: Principal, id: string, body: CollaborationBody & { title: string }) {
      const a = await access(tenantId, principal, id);
      needManager(a);
      const ownerId = body.ownerId ?? a.collaboration.ownerId;
      if (ownerId !== a.collaboration.ownerId && !a.admin) {
        throw new AppError('forbidden', 'Only an administrator hands a collaboration to another owner');
      }
      await checkOwner(tenantId, body.ownerId);
      await db.transaction(async (tx) => {
        await repo.updateCollaboration(
          tx,
          tenantId,
          id,
          collaborationValues({ ...body, ownerId }, a.collaboration.closedAt),
        );
        // A new owner takes part in it.
        if (ownerId) await repo.addMembers(tx, tenantId, id, [ownerId]);
      });
      return this.get(tenantId, principal, id);
    },

    async remove(tenantId: string, principal: Principal, id: string) {
      const a = await access(tenantId, principal, id);
      if (!a.admin) throw new AppError('forbidden', 'Tenant administrators delete collaborations');
      const members = await repo.memberIds(db, tenantId, id);
      await db.transaction(async (tx) => {
        const before = await repo.deleteCollaboration(tx, tenantId, id);
        await audit.record(tx, {
          action: 'collaboration.deleted',
          tenantId,
          recordType: 'collaboration',
          recordId: id,
          before: before ?? null,
          after: null,
        });
      });
      await Promise.all(members.map((m) => hub.sendToUser(m, HUB_EVENTS.ReloadSprints, [id, null])));
    },

    // ---- members ----

    async memberChoices(tenantId: string, principal: Principal, id: string, search = ''): Promise<MemberChoices> {
      needManager(await access(tenantId, principal, id));
      return repo.memberChoices(db, tenantId, id, search, SPRINTS.choicesMax);
    },

    async addMembers(tenantId: string, principal: Principal, id: string, body: Required<AddMembersBody>) {
      needManager(await access(tenantId, principal, id));
      const userIds = [...new Set(body.userIds)];
      const groupIds = [...new Set(body.groupIds)];
      if ((await repo.tenantPeople(db, tenantId, userIds)).length !== userIds.length) {
        throw fieldError('userIds', 'notFound', 'Someone is not a person of this tenant');
      }
      if ((await repo.tenantGroups(db, tenantId, groupIds)).length !== groupIds.length) {
        throw fieldError('groupIds', 'notFound', 'A group is not one of this tenant’s');
      }
      const teamIds = [...new Set(body.teamIds)];
      if ((await repo.tenantTeamIds(db, tenantId, 'teams', teamIds)).length !== teamIds.length) {
        throw fieldError('teamIds', 'notFound', 'A team is not one of this tenant’s');
      }
      const departmentIds = [...new Set(body.departmentIds)];
      if ((await repo.tenantTeamIds(db, tenantId, 'departments', departmentIds)).length !== departmentIds.length) {
        throw fieldError('departmentIds', 'notFound', 'A department is not one of this tenant’s');
      }
      const sets = { groupIds, teamIds, departmentIds };
      const added = await db.transaction((tx) => repo.addMembers(tx, tenantId, id, userIds, sets));
      return { added };
    },

    async removeMember(tenantId: string, principal: Principal, id: string, userId: string) {
      const a = await access(tenantId, principal, id);
      // Anyone may leave; the owner and administrators remove others. The owner stays.
      if (userId !== principal.userId) needManager(a);
      if (userId === a.collaboration.ownerId) {
        throw new AppError('conflict', 'The owner stays a member; hand the collaboration to another owner first');
      }
      const removed = await db.transaction((tx) => repo.removeMember(tx, tenantId, id, userId));
      if (!removed) throw new AppError('notFound', 'Not a member');
    },

    tags: (tenantId: string) => repo.listTags(db, tenantId),

    // ---- ideas ----

    async ideas(tenantId: string, principal: Principal, id: string, query: IdeaListQuery): Promise<IdeaPage> {
      const a = await access(tenantId, principal, id);
      const after = decodeCursor(query.after);
      // One more than asked tells whether another page follows.
      const rows = await repo.ideasPage(db, tenantId, id, principal.userId, { ...query, after, limit: query.take + 1 });
      const page = rows.slice(0, query.take);
      const last = page.at(-1);
      const n = (row: repo.IdeaRow) =>
        query.sort === 'votes' ? row.votesCount : query.sort === 'comments' ? row.commentsCount : 0;
      return {
        data: page.map((row) => toIdea(row, principal, a)),
        next: rows.length > query.take && last ? encodeCursor({ n: n(last), at: last.at, id: last.id }) : null,
      };
    },

    async addIdea(tenantId: string, principal: Principal, id: string, body: IdeaBody & { title: string }) {
      const a = await access(tenantId, principal, id);
      needOpenMember(a);
      await checkTags(tenantId, body.tagIds);
      const ideaId = await db.transaction((tx) => addIdea(tx, tenantId, id, principal.userId, body));
      await tellMembers(tenantId, id);
      await notify(tenantId, {
        eventType: 'SprintIdeaAdded',
        userIds: await repo.memberIds(db, tenantId, id),
        exceptUserId: principal.userId,
        title: {
          en: `New idea in ${a.collaboration.title}: ${body.title.trim()}`,
          da: `Ny idé i ${a.collaboration.title}: ${body.title.trim()}`,
        },
        link: link(id, ideaId),
      });
      const row = await repo.findIdea(db, tenantId, ideaId, principal.userId);
      return toIdea(row!, principal, a);
    },

    async updateIdea(tenantId: string, principal: Principal, ideaId: string, body: IdeaBody & { title: string }) {
      const { idea, a } = await ideaAccess(tenantId, principal, ideaId);
      if (idea.authorId !== principal.userId) throw new AppError('forbidden', 'Only its author edits an idea');
      needOpenMember(a);
      await checkTags(tenantId, body.tagIds);
      await repo.updateIdea(db, tenantId, ideaId, {
        title: body.title.trim(),
        description: sanitizeRichText(body.description),
        tagIds: [...new Set(body.tagIds ?? [])],
      });
      await tellMembers(tenantId, idea.collaborationId);
      return toIdea((await repo.findIdea(db, tenantId, ideaId, principal.userId))!, principal, a);
    },

    async setIdeaStatus(tenantId: string, principal: Principal, ideaId: string, status: IdeaStatus) {
      const { idea, a } = await ideaAccess(tenantId, principal, ideaId);
      needManager(a);
      if (idea.status !== status) {
        await repo.updateIdea(db, tenantId, ideaId, { status });
        await tellMembers(tenantId, idea.collaborationId);
        if (idea.authorId) {
          await notify(tenantId, {
            eventType: 'SprintIdeaStatusChanged',
            userIds: [idea.authorId],
            exceptUserId: principal.userId,
            title: { en: `Your idea “${idea.title}” changed status`, da: `Din idé “${idea.title}” skiftede status` },
            body: { en: `Now: ${STATUS_WORDS.en[status]}`, da: `Nu: ${STATUS_WORDS.da[status]}` },
            link: link(idea.collaborationId, ideaId),
          });
        }
      }
      return toIdea((await repo.findIdea(db, tenantId, ideaId, principal.userId))!, principal, a);
    },

    async removeIdea(tenantId: string, principal: Principal, ideaId: string) {
      const { idea, a } = await ideaAccess(tenantId, principal, ideaId);
      if (idea.authorId !== principal.userId) needManager(a);
      await db.transaction(async (tx) => {
        const before = await repo.deleteIdea(tx, tenantId, ideaId);
        await audit.record(tx, {
          action: 'idea.deleted',
          tenantId,
          recordType: 'idea',
          recordId: ideaId,
          before: before ?? null,
          after: null,
        });
      });
      await tellMembers(tenantId, idea.collaborationId);
    },

    async vote(tenantId: string, principal: Principal, ideaId: string, on: boolean) {
      const { idea, a } = await ideaAccess(tenantId, principal, ideaId);
      needOpenMember(a);
      const result = await db.transaction((tx) => repo.setVote(tx, tenantId, ideaId, principal.userId, on));
      if (result.changed) await tellMembers(tenantId, idea.collaborationId);
      return { votesCount: result.votesCount, votedByMe: on };
    },

    // ---- comments ----

    async comments(
      tenantId: string,
      principal: Principal,
      ideaId: string,
      query: CommentListQuery,
    ): Promise<CommentPage> {
      const { a } = await ideaAccess(tenantId, principal, ideaId);
      const rows = await repo.commentsPage(db, tenantId, ideaId, decodeCursor(query.after), query.take + 1);
      const page = rows.slice(0, query.take);
      const last = page.at(-1);
      return {
        data: page.map((row) => toComment(row, principal, a)),
        next: rows.length > query.take && last ? encodeCursor({ n: 0, at: last.at, id: last.id }) : null,
      };
    },

    async addComment(tenantId: string, principal: Principal, ideaId: string, text: string) {
      const { idea, a } = await ideaAccess(tenantId, principal, ideaId);
      needOpenMember(a);
      const commentId = await db.transaction((tx) => addComment(tx, tenantId, ideaId, principal.userId, text));
      await tellMembers(tenantId, idea.collaborationId, ideaId);
      if (idea.authorId) {
        await notify(tenantId, {
          eventType: 'SprintIdeaCommented',
          userIds: [idea.authorId],
          exceptUserId: principal.userId,
          title: { en: `New comment on your idea “${idea.title}”`, da: `Ny kommentar til din idé “${idea.title}”` },
          body: text.length > 200 ? `${text.slice(0, 199)}…` : text,
          link: link(idea.collaborationId, ideaId),
        });
      }
      return toComment((await repo.findComment(db, tenantId, commentId))!, principal, a);
    },

    async updateComment(tenantId: string, principal: Principal, commentId: string, text: string) {
      const comment = await repo.findComment(db, tenantId, commentId);
      if (!comment) throw new AppError('notFound', 'No such comment');
      const { idea, a } = await ideaAccess(tenantId, principal, comment.ideaId);
      if (comment.authorId !== principal.userId) throw new AppError('forbidden', 'Only its author edits a comment');
      needOpenMember(a);
      await repo.updateComment(db, tenantId, commentId, text);
      await tellMembers(tenantId, idea.collaborationId, idea.id);
      return toComment((await repo.findComment(db, tenantId, commentId))!, principal, a);
    },

    async removeComment(tenantId: string, principal: Principal, commentId: string) {
      const comment = await repo.findComment(db, tenantId, commentId);
      if (!comment) throw new AppError('notFound', 'No such comment');
      const { idea, a } = await ideaAccess(tenantId, principal, comment.ideaId);
      if (comment.authorId !== principal.userId) needManager(a);
      await db.transaction(async (tx) => {
        const before = await repo.deleteComment(tx, tenantId, commentId);
        await audit.record(tx, {
          action: 'comment.deleted',
          tenantId,
          recordType: 'comment',
          recordId: commentId,
          before: before ?? null,
          after: null,
        });
      });
      await tellMembers(tenantId, idea.collaborationId, idea.id);
    },

    // ---- statistics ----

    /** Per collaboration of the tenant: name, users, ideas and comments (one query). */
    collaborationStats(tenantId: string) {
      return withTenant(tenantId, () => repo.collaborationStats(db, tenantId));
    },
  };
}
export type SprintsService = ReturnType<typeof createSprintsService>;
