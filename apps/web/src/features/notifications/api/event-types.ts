import type { NotificationTypeSort as EventTypeSort, ListParams, NotificationTypesPage } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { listQuery } from '@/shared/list/list-query';

export type { EventTypeSort };

/** The list loads the first page of 10 (spec part 2 §7). */
export const EVENT_TYPES_PAGE_SIZE = 10;

/** GET /notification/getNotificationsTypes: a page of the event types, searched in name and note. */
export const eventTypesQuery = (params: ListParams<EventTypeSort>) =>
  queryOptions({
    queryKey: ['notification', 'types', params],
    queryFn: ({ signal }) =>
      api<NotificationTypesPage>(`/notification/getNotificationsTypes?${listQuery(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useEventTypes = (params: ListParams<EventTypeSort>) => useQuery(eventTypesQuery(params));
