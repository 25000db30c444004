import { useMemo } from 'react';
import { usePendingCreates } from '@/shared/offline/use-offline-queue';
import { CONTACT_CREATE_PATH } from './save-contact';
import { LOCATION_CREATE_PATH } from './save-location';

type NewRecord = { companyId?: unknown; name?: unknown; title?: unknown };

/**
 * The names of a client's contacts or locations saved with no network: queued, not yet on the server,
 * so not in the list it answers (shared/offline).
 */
export function usePendingRecords(kind: 'contacts' | 'locations', clientId: string): string[] {
  const bodies = usePendingCreates(kind === 'contacts' ? CONTACT_CREATE_PATH : LOCATION_CREATE_PATH);
  return useMemo(
    () =>
      bodies.flatMap((body) => {
        const record = body as NewRecord | null;
        const name = kind === 'contacts' ? record?.name : record?.title;
        return record?.companyId === clientId && typeof name === 'string' ? [name] : [];
      }),
    [bodies, clientId, kind],
  );
}
