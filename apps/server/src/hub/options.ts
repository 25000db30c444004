import { HUB } from '@atrium/contracts';
import type { HubMethod } from './methods.js';
import { MAX_JSON_DEPTH } from './protocol.js';

/** Timings and limits of the hub; every one can be shortened by tests. */
export type HubOptions = {
  /** URL path of the hub; negotiate is `${path}/negotiate`. */
  path: string;
  /** A Ping goes out on WebSockets and SSE when nothing else was sent for this long. */
  keepAliveMs: number;
  /** A client that sent nothing (not even a ping) for this long is closed. */
  clientTimeoutMs: number;
  /** Time allowed between the transport opening and the handshake request. */
  handshakeTimeoutMs: number;
  /** A negotiated connection that no transport picked up is dropped after this long. */
  negotiateTimeoutMs: number;
  /** A long-polling connection with no poll in flight for this long is gone. */
  pollDisconnectMs: number;
  /** How long a poll is held open when there is nothing to send (under the client's 100 s). */
  pollHoldMs: number;
  /** Period of the sweep that sends pings and enforces the timeouts above. */
  sweepMs: number;
  /** How long a graceful shutdown waits for clients to take their close message. */
  shutdownGraceMs: number;
  /** Largest inbound hub message (one record). */
  maxMessageBytes: number;
  /** Deepest nesting of arrays and objects in an inbound message, the message itself included. */
  maxMessageDepth: number;
  /** Largest inbound WebSocket frame or POST body (it may carry several records). */
  maxPayloadBytes: number;
  /** Outbound bytes a slow client may leave unread before it is dropped. */
  maxBufferedBytes: number;
  /** Invocations one connection may have running at once. */
  maxInvocations: number;
  /** Connections one session may have negotiated that no transport has picked up yet. */
  maxPendingPerSession: number;
  /** How long a process's report that a user is connected there lasts unless refreshed (Redis presence). */
  presenceTtlMs: number;
  /** How often a process refreshes the presence of the users connected to it. */
  presenceRefreshMs: number;
  /**
   * Methods clients may invoke. None in production: the spec's hub only pushes events. Tests
   * register the diagnostics of methods.ts (diagnosticMethods).
   */
  methods: Record<string, HubMethod>;
};

export const defaultHubOptions: HubOptions = {
  path: HUB.path,
  keepAliveMs: HUB.keepAliveMs,
  clientTimeoutMs: HUB.serverTimeoutMs,
  handshakeTimeoutMs: 15_000,
  negotiateTimeoutMs: 15_000,
  pollDisconnectMs: 15_000,
  pollHoldMs: 90_000,
  sweepMs: 1000,
  shutdownGraceMs: 3000,
  maxMessageBytes: HUB.messageBufferBytes,
  maxMessageDepth: MAX_JSON_DEPTH,
  maxPayloadBytes: 1024 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxInvocations: 32,
  maxPendingPerSession: 20,
  presenceTtlMs: 30_000,
  presenceRefreshMs: 10_000,
  methods: {},
};

/** Names of the groups every connection joins from its identity. */
export const groups = {
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  tenant: (tenantId: string) => `tenant:${tenantId}`,
  userGroup: (userGroupId: string) => `usergroup:${userGroupId}`,
};
