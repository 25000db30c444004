import { HUB_EVENTS } from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Backplane } from './backplane.js';
import type { Envelope, Hub } from './hub.js';
import { groups } from './options.js';
import { localPresence, type Presence } from './presence.js';
import { invocation } from './protocol.js';

/**
 * How modules talk to connected clients: by identity (user, session, tenant, user group) or to
 * everyone, in every server process. Modules never see connections. Sends resolve once applied
 * here and handed to the backplane; they never reject (a failure is logged): a live event must
 * not fail the request that raised it.
 */
export interface HubService {
  sendToUser(userId: string, target: string, args?: unknown[]): Promise<void>;
  sendToSession(sessionId: string, target: string, args?: unknown[]): Promise<void>;
  sendToTenant(tenantId: string, target: string, args?: unknown[]): Promise<void>;
  /** To the members of a user group whose connection is in that group's tenant. */
  sendToGroup(userGroupId: string, target: string, args?: unknown[]): Promise<void>;
  sendToAll(target: string, args?: unknown[]): Promise<void>;
  /** Sessions were revoked: their connections get LogOut, then are closed for good. */
  sessionsRevoked(sessionIds: string[]): Promise<void>;
  /**
   * Sessions ended without signing anyone out (an impersonation is over): their connections are
   * closed for good, with `error` in the Close message and no LogOut. Send any last event first.
   */
  sessionsClosed(sessionIds: string[], error: string): Promise<void>;
  /**
   * Sessions' active tenant changed (a user's own sessions all follow one switch; an impersonation
   * session is alone): their connections move to the new tenant's groups and get
   * TenantChanged(tenantId). Other sessions of the user are not told.
   */
  activeTenantChanged(sessionIds: string[], tenantId: string | null): Promise<void>;
  /** The user's user-group memberships changed: live connections re-read them. */
  userGroupsChanged(userId: string): Promise<void>;
  /**
   * Whether the user has a live connection to any server process of the deployment: this one's own
   * connections, and with the Redis backplane the others' (presence.ts). Without Redis the
   * processes' presence is not shared: a user connected only to another process counts as offline.
   */
  isOnline(userId: string): Promise<boolean>;
}

export function createHubService(
  hub: Hub,
  backplane: Backplane,
  log: FastifyBaseLogger,
  presence: Presence = localPresence(),
): HubService {
  async function dispatch(envelope: Envelope) {
    try {
      await hub.apply(envelope);
      await backplane.publish(envelope);
    } catch (err) {
      log.error({ err, op: envelope.op }, 'hub: could not deliver');
    }
  }
  const send = (group: string | null, target: string, args: unknown[] = []) =>
    dispatch({ op: 'send', group, record: invocation(target, args) });

  return {
    sendToUser: (userId, target, args) => send(groups.user(userId), target, args),
    sendToSession: (sessionId, target, args) => send(groups.session(sessionId), target, args),
    sendToTenant: (tenantId, target, args) => send(groups.tenant(tenantId), target, args),
    sendToGroup: (userGroupId, target, args) => send(groups.userGroup(userGroupId), target, args),
    sendToAll: (target, args) => send(null, target, args),
    async sessionsRevoked(sessionIds) {
      if (sessionIds.length) await dispatch({ op: 'revoke', sessionIds });
    },
    async sessionsClosed(sessionIds, error) {
      if (sessionIds.length) await dispatch({ op: 'close', sessionIds, error });
    },
    async activeTenantChanged(sessionIds, tenantId) {
      if (!sessionIds.length) return;
      await dispatch({ op: 'retenant', sessionIds, tenantId });
      for (const sessionId of sessionIds) await send(groups.session(sessionId), HUB_EVENTS.TenantChanged, [tenantId]);
    },
    async userGroupsChanged(userId) {
      await dispatch({ op: 'regroup', userId });
    },
    isOnline: async (userId) => hub.hasUser(userId) || (await presence.elsewhere(userId)),
  };
}
