import { notifications } from '@mantine/notifications';
import { NetworkError } from '@/shared/api/api-error';
import type { ApiRequest } from '@/shared/api/client';
import { getSession } from '@/shared/api/session';
import { i18n } from '@/shared/i18n/i18n';
import { offlineDb, type QueuedMethod, type QueuedRequest } from './queue-db';

const QUEUED_METHODS = new Set<string>(['POST', 'PUT', 'PATCH']);
/**
 * Never queued: sign-in, sign-out, password and tenant switches (about the session itself); two-factor
 * set-up and turning it off (a secret shown once, a password that must not wait in IndexedDB); and
 * mail settings (their Microsoft Graph client secret must not wait in IndexedDB either; a test's answer
 * is the point, and a test mail hours later is none).
 */
const NEVER_QUEUED = [/^\/auth\//, /^\/me\/2fa(\/|$)/, /^\/tenants\/[^/]+\/mailsettings(\/|$)/];
const isSessionCall = (path: string) => NEVER_QUEUED.some((pattern) => pattern.test(path.split('?')[0]!));

/** Results that stand for a queued change (the page shows them as pending, not as saved or failed). */
const queuedResults = new WeakSet<object>();
export const isQueued = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && queuedResults.has(value);

type Listener = () => void;
const listeners = new Set<Listener>();
/** Other tabs hear of every change to the queue too. */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('atrium-offline');
channel?.addEventListener('message', () => notify(false));

export function subscribeQueue(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
export function notify(broadcast = true) {
  for (const listener of listeners) listener();
  if (broadcast) channel?.postMessage('changed');
}

/** Every queued change, oldest first. */
export const listQueued = async () => (await offlineDb()).requests.orderBy('seq').toArray();

/**
 * Puts a change in the queue and answers with its echo: the body, with a placeholder id for a create
 * (POST). Undefined when the call cannot be queued (not a change, a session call, nobody signed in).
 */
export function enqueue(path: string, request: ApiRequest): Promise<unknown> | undefined {
  const method = request.method ?? 'GET';
  const session = getSession();
  if (!QUEUED_METHODS.has(method) || isSessionCall(path) || session.status !== 'authenticated') return undefined;
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  const id = crypto.randomUUID();
  const creates = method === 'POST';
  const entry: QueuedRequest = {
    id,
    url: path,
    method: method as QueuedMethod,
    body: creates && !Array.isArray(body) ? { ...body, id } : body,
    userId: session.user.id,
    createdAt: new Date().toISOString(),
    responseIdPath: creates ? 'id' : null,
    idempotencyKey: crypto.randomUUID(),
    refusal: null,
    ...(request.label && { label: request.label }),
  };
  return offlineDb()
    .then((db) => db.requests.add(entry))
    .then(
      () => {
        notify();
        notifications.show({ id: `queued-${id}`, color: 'yellow', message: i18n.t('offline.savedOffline') });
        const echo = Array.isArray(entry.body) ? [...entry.body] : { ...(entry.body as object) };
        queuedResults.add(echo);
        return echo;
      },
      (err: unknown) => {
        // No IndexedDB to keep it in: the change fails as the network did.
        throw new NetworkError(err);
      },
    );
}

/** Placeholder ids (the ids of queued creates) that `entry` uses in its URL or body. */
export function dependenciesOf(entry: QueuedRequest, earlier: QueuedRequest[]): string[] {
  const text = `${entry.url}\n${JSON.stringify(withoutOwnId(entry))}`;
  return earlier.filter((e) => e.responseIdPath && e.id !== entry.id && text.includes(e.id)).map((e) => e.id);
}

/** The body as it is sent: a create's placeholder id taken out. */
export function withoutOwnId(entry: QueuedRequest): unknown {
  const body = entry.body;
  if (!entry.responseIdPath || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { id, ...rest } = body as Record<string, unknown>;
  return id === entry.id ? rest : body;
}

/** The value at a dotted path ('data.id') of an answer. */
export function valueAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as never)[key] : undefined), value);
}

/** Replaces a placeholder by the record's real id in every later entry's URL and body. */
export async function replacePlaceholder(placeholder: string, realId: string) {
  const db = await offlineDb();
  await db.transaction('rw', db.requests, async () => {
    const all = await db.requests.toArray();
    for (const e of all) {
      if (e.id === placeholder) continue;
      const url = e.url.replaceAll(placeholder, realId);
      const body = JSON.stringify(e.body ?? null);
      if (url === e.url && !body.includes(placeholder)) continue;
      await db.requests.update(e.seq!, { url, body: JSON.parse(body.replaceAll(placeholder, realId)) });
    }
  });
}

export async function removeQueued(id: string) {
  await (await offlineDb()).requests.where('id').equals(id).delete();
  notify();
}

/** Dismiss all: the queue emptied, its changes lost. */
export async function clearQueue() {
  await (await offlineDb()).requests.clear();
  notify();
}

/** The user's corrected body for a refused entry: sent again with a new Idempotency-Key. */
export async function editQueued(id: string, body: unknown) {
  await (await offlineDb()).requests
    .where('id')
    .equals(id)
    .modify({ body, refusal: null, idempotencyKey: crypto.randomUUID() });
  notify();
}

export async function markRefused(id: string, refusal: { status: number; message: string }) {
  await (await offlineDb()).requests.where('id').equals(id).modify({ refusal });
  notify();
}
