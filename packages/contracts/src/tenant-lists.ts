import { z } from 'zod';
import { plainText } from './plain-text.js';
import { pageOf, pageQuerySchema } from './problem.js';

// A tenant's own lists, kept by those who run the tenant (spec part 2 §2 "Tenant sub-pages", §3, §7):
// tags, tenant folders, teams and departments (/tenants/{tags|folders|teams|departments}/{id}), the
// standard checklists (/tenants/checklists/{id}) and the collaboration statistics (/tenants/info/{id}).

export const TENANT_LIST_LIMITS = {
  /** The longest tag, folder, team or department name. */
  nameMax: 100,
  checklistTitleMax: 200,
  checklistItemTitleMax: 300,
  checklistItemsMax: 100,
} as const;

/** The four simple lists, as their paths name them. */
export const TENANT_LIST_KINDS = ['tags', 'folders', 'teams', 'departments'] as const;
export type TenantListKind = (typeof TENANT_LIST_KINDS)[number];

/** The field each list's entries carry their text in (spec §3: tag title, folder itemName, team and department name). */
export const TENANT_LIST_FIELD = {
  tags: 'title',
  folders: 'itemName',
  teams: 'name',
  departments: 'name',
} as const satisfies Record<TenantListKind, string>;
export type TenantListField = (typeof TENANT_LIST_FIELD)[TenantListKind];

/** The message a refused duplicate carries on its field (409). */
export const TENANT_LIST_DUPLICATE = 'alreadyListed';

const text = (max: number) => plainText({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');
const name = text(TENANT_LIST_LIMITS.nameMax);
/** The client's clock is not asked: the server stamps createdAt; a sent one is accepted and ignored. */
const createdAt = z.string().max(40).optional().describe('Ignored: the server sets the creation time');

/** POST /tenants/{id}/tags, PUT /tenants/{id}/tags/{tagId} (the whole tag; id and createdAt ignored). */
export const tagBodySchema = z.object({ id: z.uuid().optional(), title: name, createdAt });
/** POST /tenants/{id}/folders. */
export const tenantFolderBodySchema = z.object({ itemName: name, createdAt });
/** POST /tenants/{id}/teams and /tenants/{id}/departments. */
export const namedItemBodySchema = z.object({ name, createdAt });
export type TagBody = z.input<typeof tagBodySchema>;

export const tagSchema = z.object({ id: z.uuid(), title: z.string(), createdAt: z.date() });
export const tenantFolderSchema = z.object({ id: z.uuid(), itemName: z.string(), createdAt: z.date() });
/** A team or department; membersCount: the people whose tenant membership has it (the removal asks). */
export const namedItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.date(),
  membersCount: z.number().int(),
});

/** Any of the four lists' entries as the web app reads it (createdAt as ISO text). */
export type TenantListEntry = { id: string; createdAt: string; membersCount?: number } & Partial<
  Record<TenantListField, string>
>;

/** Sorting of the four lists: by their text or their creation. */
export const TENANT_LIST_SORTS = ['text', 'createdAt'] as const;
export type TenantListSort = (typeof TENANT_LIST_SORTS)[number];
export const tenantItemsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TENANT_LIST_SORTS).default('text').describe('`text`: the title or name; `createdAt`'),
});
export type TenantItemsQuery = z.infer<typeof tenantItemsQuerySchema>;
export const tagPageSchema = pageOf(tagSchema);
export const tenantFolderPageSchema = pageOf(tenantFolderSchema);
export const namedItemPageSchema = pageOf(namedItemSchema);

// Standard checklists.

export const checklistItemBodySchema = z.object({
  id: z.uuid().optional().describe('Ignored on create'),
  title: text(TENANT_LIST_LIMITS.checklistItemTitleMax),
  standardChecklistId: z.uuid().optional().describe('Ignored on create'),
  order: z.number().int().min(0).max(10_000).default(0).describe('Ignored: the items are kept in the sent order'),
});
/** POST /tenants/{id}/checklists (tenantId in the body is optional and must match the path). */
export const checklistBodySchema = z.object({
  tenantId: z.uuid().optional(),
  title: text(TENANT_LIST_LIMITS.checklistTitleMax),
  items: z.array(checklistItemBodySchema).max(TENANT_LIST_LIMITS.checklistItemsMax, 'tooMany').default([]),
});
export type ChecklistBody = z.input<typeof checklistBodySchema>;

export const checklistItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  standardChecklistId: z.uuid(),
  order: z.number().int(),
});
export const checklistSchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  title: z.string(),
  createdAt: z.date(),
  /** Copies handed to users and not completed yet. */
  countOfActive: z.number().int(),
  /** Copies handed to users and completed. */
  countOfCompleted: z.number().int(),
  items: z.array(checklistItemSchema),
});
export type Checklist = Omit<z.infer<typeof checklistSchema>, 'createdAt'> & { createdAt: string };

export const CHECKLIST_SORTS = ['title', 'createdAt'] as const;
export type ChecklistSort = (typeof CHECKLIST_SORTS)[number];
export const checklistListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(CHECKLIST_SORTS).default('title'),
});
export type ChecklistListQuery = z.infer<typeof checklistListQuerySchema>;
export const checklistPageSchema = pageOf(checklistSchema);

/** The export's file name (spec §9). */
export const checklistExportName = (tenantId: string) => `Checklists_${tenantId}.xlsx`;

// Tenant info.

export const collaborationInfoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  usersCount: z.number().int(),
  ideasCount: z.number().int(),
  commentsCount: z.number().int(),
});
export const tenantInfoSchema = z.object({
  tenantId: z.uuid(),
  tenantName: z.string(),
  totalCollaborations: z.number().int(),
  collaborations: z.array(collaborationInfoSchema),
});
export type TenantInfo = z.infer<typeof tenantInfoSchema>;
export type CollaborationInfo = z.infer<typeof collaborationInfoSchema>;
