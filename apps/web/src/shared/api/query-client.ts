import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; network trouble and 5xx might.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        // Offline, a request still runs and fails with NetworkError, whose message the page shows; TanStack's
        // default ('online') would pause it, and the page would spin for ever. (The offline queue comes later.)
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
