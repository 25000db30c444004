import { z } from 'zod';
import { pageOf, pageQuerySchema } from './problem.js';
import { isDateString } from './timelogs.js';

// Sprints (issue 42): collaborations where members bring ideas, vote for them and discuss them.
// Decision 032 has the product choices.

export const SPRINTS = {
  titleMax: 200,
  /** Rich text, as stored after sanitizing. */
  descriptionMax: 20_000,
  /** Plain text, never rendered as HTML. */
  commentMax: 4000,
  tagsPerIdea: 10,
  /** People or groups added in one call. */
  addMax: 500,
  ideasPageSize: 20,
  commentsPageSize: 30,
  maxPageSize: 100,
  /** Member choices offered per search. */
  choicesMax: 20,
} as const;

/** Derived from the dates (upcoming, running, finished) unless closed by hand. */
export const COLLABORATION_STATUSES = ['upcoming', 'running', 'finished', 'closed'] as const;
export type CollaborationStatus = (typeof COLLABORATION_STATUSES)[number];

export const IDEA_STATUSES = ['new', 'selected', 'inProgress', 'done', 'rejected'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

export const IDEA_SORTS = ['newest', 'votes', 'comments'] as const;
export type IdeaSort = (typeof IDEA_SORTS)[number];

/** The field message of an end date before the start date, and of writing in a closed collaboration. */
export const END_BEFORE_START = 'endBeforeStart';
export const COLLABORATION_CLOSED = 'collaborationClosed';

const title = z.string().trim().min(1, { message: 'required' }).max(SPRINTS.titleMax, { message: 'tooLong' });
const richText = z.string().max(SPRINTS.descriptionMax, { message: 'tooLong' }).nullish();
const day = z.string().refine(isDateString, { message: 'invalidDate' }).nullish();

// ---- collaborations -------------------------------------------------------------------------------

/** POST /sprints/collaborations (administrators) and PUT /sprints/collaborations/{id} (owner, administrators). */
export const collaborationBodySchema = z
  .object({
    title,
    description: richText,
    startsOn: day,
    endsOn: day,
    /** Closed by hand: read-only for ideas, votes and comments. */
    closed: z.boolean().default(false),
    /** The owner; a new collaboration's is its creator unless named. Administrators only may change it. */
    ownerId: z.uuid().optional(),
  })
  .refine((b) => !b.startsOn || !b.endsOn || b.endsOn >= b.startsOn, { message: END_BEFORE_START, path: ['endsOn'] });
export type CollaborationBody = z.input<typeof collaborationBodySchema>;

export const COLLABORATION_SORTS = ['title', 'startsOn', 'createdAt'] as const;
export const collaborationListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(COLLABORATION_SORTS).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(COLLABORATION_STATUSES).optional(),
});
export type CollaborationListQuery = z.infer<typeof collaborationListQuerySchema>;

export const personSchema = z.object({ id: z.uuid(), fullName: z.string(), imagePath: z.string().nullable() });
export type Person = z.infer<typeof personSchema>;

export const collaborationSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(COLLABORATION_STATUSES),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  owner: personSchema.nullable(),
  membersCount: z.number().int(),
  ideasCount: z.number().int(),
  /** Whether the caller is a member (administrators see collaborations they are not in). */
  isMember: z.boolean(),
  createdAt: z.date(),
});
export type CollaborationSummary = z.infer<typeof collaborationSummarySchema>;

/** A page of collaborations, and how many of the caller's are in each status (the filter's counts). */
export const collaborationPageSchema = pageOf(collaborationSummarySchema).extend({
  statusCounts: z.object({
    upcoming: z.number().int(),
    running: z.number().int(),
    finished: z.number().int(),
    closed: z.number().int(),
  }) satisfies z.ZodType<Record<CollaborationStatus, number>>,
});
export type CollaborationPage = z.infer<typeof collaborationPageSchema>;

export const collaborationSchema = collaborationSummarySchema.extend({
  description: z.string().nullable(),
  /** The caller may edit it, close it and choose its members (its owner, an administrator). */
  canManage: z.boolean(),
  /** The caller may delete it (administrators). */
  canDelete: z.boolean(),
  members: z.array(personSchema),
});
export type Collaboration = z.infer<typeof collaborationSchema>;

/**
 * POST /sprints/collaborations/{id}/members: people one by one, and every member of user groups, teams
 * and departments (the people whose membership in the tenant has that team or department now).
 */
export const addMembersBodySchema = z
  .object({
    userIds: z.array(z.uuid()).max(SPRINTS.addMax).default([]),
    groupIds: z.array(z.uuid()).max(SPRINTS.addMax).default([]),
    teamIds: z.array(z.uuid()).max(SPRINTS.addMax).default([]),
    departmentIds: z.array(z.uuid()).max(SPRINTS.addMax).default([]),
  })
  .refine((b) => b.userIds.length + b.groupIds.length + b.teamIds.length + b.departmentIds.length > 0, {
    message: 'required',
    path: ['userIds'],
  });
export type AddMembersBody = z.input<typeof addMembersBodySchema>;
export const addMembersResultSchema = z.object({ added: z.number().int() });

export const memberChoicesQuerySchema = z.object({ search: z.string().trim().max(200).optional() });
const memberSetSchema = z.object({ id: z.uuid(), name: z.string(), membersCount: z.number().int() });
/** Who can still be added: people of the tenant, its user groups, teams and departments, matching the search. */
export const memberChoicesSchema = z.object({
  people: z.array(personSchema),
  groups: z.array(memberSetSchema),
  teams: z.array(memberSetSchema),
  departments: z.array(memberSetSchema),
});
export type MemberChoices = z.infer<typeof memberChoicesSchema>;

// ---- ideas ----------------------------------------------------------------------------------------

export const ideaBodySchema = z.object({
  title,
  description: richText,
  /** Tags of the tenant's tag list (/tenants/tags). */
  tagIds: z.array(z.uuid()).max(SPRINTS.tagsPerIdea, { message: 'tooMany' }).default([]),
});
export type IdeaBody = z.input<typeof ideaBodySchema>;

export const ideaStatusBodySchema = z.object({ status: z.enum(IDEA_STATUSES) });

/** Keyset paging: `after` is the `next` of the page before (opaque). */
const cursor = z.string().max(200).optional();
const take = (size: number) => z.coerce.number().int().min(1).max(SPRINTS.maxPageSize).default(size);

export const ideaListQuerySchema = z.object({
  sort: z.enum(IDEA_SORTS).default('newest'),
  status: z.enum(IDEA_STATUSES).optional(),
  tagId: z.uuid().optional(),
  after: cursor,
  take: take(SPRINTS.ideasPageSize),
});
export type IdeaListQuery = z.infer<typeof ideaListQuerySchema>;

export const sprintTagSchema = z.object({ id: z.uuid(), title: z.string() });
export type SprintTag = z.infer<typeof sprintTagSchema>;

export const ideaSchema = z.object({
  id: z.uuid(),
  collaborationId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(IDEA_STATUSES),
  tags: z.array(sprintTagSchema),
  author: personSchema.nullable(),
  votesCount: z.number().int(),
  commentsCount: z.number().int(),
  votedByMe: z.boolean(),
  /** The caller wrote it (edit) or moderates the collaboration (status, delete). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Idea = z.infer<typeof ideaSchema>;
export const ideaPageSchema = z.object({ data: z.array(ideaSchema), next: z.string().nullable() });
export type IdeaPage = z.infer<typeof ideaPageSchema>;

export const voteSchema = z.object({ votesCount: z.number().int(), votedByMe: z.boolean() });

// ---- comments -------------------------------------------------------------------------------------

export const commentBodySchema = z.object({
  text: z
    .string()
    .max(SPRINTS.commentMax, { message: 'tooLong' })
    .refine((s) => s.trim().length > 0, { message: 'required' }),
});
export const commentListQuerySchema = z.object({ after: cursor, take: take(SPRINTS.commentsPageSize) });
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;

export const commentSchema = z.object({
  id: z.uuid(),
  ideaId: z.uuid(),
  text: z.string(),
  author: personSchema.nullable(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Comment = z.infer<typeof commentSchema>;
/** Oldest first; `next` fetches the comments after the last one. */
export const commentPageSchema = z.object({ data: z.array(commentSchema), next: z.string().nullable() });
export type CommentPage = z.infer<typeof commentPageSchema>;

/** The tags members may give an idea: the tenant's tag list. */
export const sprintTagsSchema = z.array(sprintTagSchema);
