import type { Collaboration, CollaborationSummary, Comment, Idea, IdeaListQuery } from '@atrium/contracts';
import type { Wire } from '@/shared/api/wire';

export type CollaborationRow = Wire<CollaborationSummary>;
export type CollaborationDetail = Wire<Collaboration>;
export type IdeaRow = Wire<Idea>;
export type CommentRow = Wire<Comment>;
export type IdeaFilter = Pick<IdeaListQuery, 'sort' | 'status' | 'tagId'>;

/**
 * The prefix of every Sprints query, so that ReloadSprints (a collaboration's ideas, votes or comments
 * changed) reaches them all (../live.ts); a collaboration's own queries continue with its id.
 */
export const sprintsKey = ['sprints'] as const;

export const sprintKeys = {
  all: sprintsKey,
  lists: () => [...sprintsKey, 'list'] as const,
  list: (query: string) => [...sprintsKey, 'list', query] as const,
  tags: () => [...sprintsKey, 'tags'] as const,
  collaboration: (id: string) => [...sprintsKey, 'collaboration', id] as const,
  detail: (id: string) => [...sprintsKey, 'collaboration', id, 'detail'] as const,
  ideas: (id: string, filter?: IdeaFilter) =>
    filter
      ? ([...sprintsKey, 'collaboration', id, 'ideas', filter] as const)
      : ([...sprintsKey, 'collaboration', id, 'ideas'] as const),
  comments: (id: string, ideaId: string) => [...sprintsKey, 'collaboration', id, 'comments', ideaId] as const,
  choices: (id: string, search: string) => [...sprintsKey, 'collaboration', id, 'choices', search] as const,
};
