import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { persistedQueriesKey, persistedQueriesStorage } from '@/shared/api/persisted-store';
import { PersistedQueries } from '@/shared/offline/persisted-queries';
import { createTestQueryClient, renderWithProviders } from './render';

const ME = '11111111-1111-4111-8111-111111111111';

/**
 * Renders `pages` (which show "loaded" once their queries answer) where a signed-in user's queries are kept
 * on the device, and waits for them to load. Answers how to read what is kept (the stored text, '' if none).
 */
export async function renderPersisted(pages: ReactElement) {
  renderWithProviders(
    <PersistedQueries userId={ME} offline={false}>
      {pages}
    </PersistedQueries>,
    { queryClient: createTestQueryClient() },
  );
  expect(await screen.findByText('loaded')).toBeInTheDocument();
  return async () => (await persistedQueriesStorage.getItem(persistedQueriesKey(ME))) ?? '';
}
