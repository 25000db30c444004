import { useMemo } from 'react';
import { usePendingCreates } from '@/shared/offline/use-offline-queue';
import { CLIENT_CREATE_PATH } from './save-client';
import { CONTACT_CREATE_PATH } from './save-contact';
import { LOCATION_CREATE_PATH } from './save-location';

type NewRecord = { companyId?: unknown; name?: unknown; title?: unknown };

const CREATES = {
  clients: { path: CLIENT_CREATE_PATH, name: (r: NewRecord) => r.title },
  contacts: { path: CONTACT_CREATE_PATH, name: (r: NewRecord) => r.name },
  locations: { path: LOCATION_CREATE_PATH, name: (r: NewRecord) => r.title },
};

/**
 * The names of new clients, or of a client's new contacts or locations, saved with no network: queued,
 * not yet on the server, so not in the list it answers (shared/offline).
 */
export function usePendingRecords(kind: keyof typeof CREATES, clientId?: string): string[] {
  const { path, name } = CREATES[kind];
  const bodies = usePendingCreates(path);
  return useMemo(
    () =>
      bodies.flatMap((body) => {
        const record = (body ?? {}) as NewRecord;
        const label = name(record);
        return typeof label === 'string' && (clientId === undefined || record.companyId === clientId) ? [label] : [];
      }),
    [bodies, clientId, name],
  );
}
