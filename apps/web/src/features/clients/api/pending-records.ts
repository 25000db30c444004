import { useMemo } from 'react';
import { usePendingCreates, usePendingEdits } from '@/shared/offline/use-offline-queue';
import { CLIENT_CREATE_PATH, CLIENT_UPDATE_PATH } from './save-client';
import { CONTACT_CREATE_PATH, CONTACT_UPDATE_PATH } from './save-contact';
import { LOCATION_CREATE_PATH, LOCATION_UPDATE_PATH } from './save-location';
import { LOCATION_RADIUS_PATH } from './update-location-radius';

type NewRecord = { id?: unknown; companyId?: unknown; name?: unknown; title?: unknown };

const CREATES = {
  clients: { path: CLIENT_CREATE_PATH, name: (r: NewRecord) => r.title },
  contacts: { path: CONTACT_CREATE_PATH, name: (r: NewRecord) => r.name },
  locations: { path: LOCATION_CREATE_PATH, name: (r: NewRecord) => r.title },
};

/** A record saved with no network: its placeholder id (its page's, until the server gives it one) and name. */
export type PendingRecord = { id: string; name: string };

/**
 * New clients, or a client's new contacts or locations, saved with no network: queued, not yet on the
 * server, so not in the list it answers (shared/offline).
 */
export function usePendingRecords(kind: keyof typeof CREATES, clientId?: string): PendingRecord[] {
  const { path, name } = CREATES[kind];
  const bodies = usePendingCreates(path);
  return useMemo(
    () =>
      bodies.flatMap((body) => {
        const record = (body ?? {}) as NewRecord;
        const label = name(record);
        const mine = clientId === undefined || record.companyId === clientId;
        return typeof label === 'string' && typeof record.id === 'string' && mine
          ? [{ id: record.id, name: label }]
          : [];
      }),
    [bodies, clientId, name],
  );
}

/**
 * Where each kind's edits are sent and the fields its list shows; an optional field may be emptied
 * (null), a required one never is. A location's radius is also changed on its own, in the list.
 */
const EDITS = {
  clients: { path: CLIENT_UPDATE_PATH, required: ['title'], optional: ['address', 'clientCode', 'fillColor'] },
  contacts: { path: CONTACT_UPDATE_PATH, required: ['name', 'email'], optional: ['phoneNumber'] },
  locations: {
    path: [LOCATION_UPDATE_PATH, LOCATION_RADIUS_PATH],
    required: ['title'],
    optional: ['address', 'radius'],
  },
};

/** A queued value as the server will store it: the contracts trim text and store an empty one as null. */
const stored = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));

/**
 * A list's rows with the signed-in user's queued edits (shared/offline) laid over them, each record's
 * edits merged oldest first: the fields the list shows take the queued values, and `edited` holds the
 * ids of those rows, which are marked as waiting to be sent.
 */
export function usePendingEditedRows<Row extends { id: string }>(
  kind: keyof typeof EDITS,
  rows: Row[] | undefined,
): { rows: Row[] | undefined; edited: ReadonlySet<string> } {
  const { path, required, optional } = EDITS[kind];
  const edits = usePendingEdits(path);
  return useMemo(() => {
    const edited = new Set<string>();
    const shown = rows?.map((row) => {
      const body = edits.get(row.id) as Record<string, unknown> | undefined;
      if (!body) return row;
      edited.add(row.id);
      const changes: Record<string, unknown> = {};
      for (const field of [...required, ...optional]) {
        // A field the body leaves out, or a required one it empties (no form sends that), keeps the server's.
        if (!(field in body)) continue;
        const value = stored(body[field]);
        if (value !== null || optional.includes(field)) changes[field] = value;
      }
      return { ...row, ...changes };
    });
    return { rows: shown, edited };
  }, [rows, edits, required, optional]);
}
