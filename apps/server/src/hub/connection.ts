import { createDecoder } from 'fast-jwt';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../http/tokens.js';
import { type CallContext, HubError, type HubMethod } from './methods.js';
import type { HubOptions } from './options.js';
import {
  close as closeRecord,
  completion,
  HANDSHAKE_OK,
  handshakeError,
  type InvocationMessage,
  MessageType,
  Outbound,
  PING,
  ProtocolError,
  parseHandshake,
  parseMessage,
  RecordReader,
  streamItem,
} from './protocol.js';

export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** What a transport offers a connection. */
export interface TransportSink {
  write(message: Outbound): void;
  /** Ends the transport once what was written has gone out. */
  end(): void;
  /** Drops the transport at once (dead or too slow client). */
  abort(): void;
  /** Bytes written but not yet taken by the client. */
  readonly buffered: number;
  /** Since when no request is in flight (long polling only); null while one is. */
  readonly idleSince?: number | null;
}

/** What the connection needs from the hub that owns it. */
export type ConnectionHost = {
  options: HubOptions;
  log: FastifyBaseLogger;
  methods: Record<string, HubMethod>;
  /** The handshake succeeded: join the connection's groups. */
  joined(connection: Connection): void;
  /** No more messages for it: leave every group. */
  left(connection: Connection): void;
  /** The transport is gone: forget the connection. */
  gone(connection: Connection): void;
};

type Status = 'negotiated' | 'handshaking' | 'ready' | 'closing' | 'closed';

const PING_MESSAGE = new Outbound(PING);
const HANDSHAKE_MESSAGE = new Outbound(HANDSHAKE_OK);

const decodeToken = createDecoder();

/** When a verified access token expires, in ms since the epoch (at once if it says nothing). */
export function tokenExpiry(token: string): number {
  try {
    const { exp } = decodeToken(token) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * One logical hub connection: from negotiate to the end of its transport. It speaks the hub
 * protocol over whichever transport attached to it, and is addressed only through its groups.
 */
export class Connection {
  status: Status = 'negotiated';
  transport: TransportKind | null = null;
  readonly userId: string;
  readonly sessionId: string;
  tenantId: string | null;
  /** Groups this connection is in, kept in step with the hub's index. */
  readonly groups = new Set<string>();
  sink: TransportSink | null = null;
  private readonly createdAt = Date.now();
  /**
   * Until when the client proved it holds a valid access token of the session: the latest expiry
   * of the tokens it presented (at negotiate, at connect, and with every poll or send).
   */
  private authenticatedUntil: number;
  private openedAt = 0;
  private lastReceived = 0;
  private lastSent = 0;
  private readonly reader: RecordReader;
  private readonly running = new Set<AbortController>();
  private readonly byInvocationId = new Map<string, AbortController>();

  constructor(
    private readonly host: ConnectionHost,
    readonly id: string,
    readonly token: string,
    principal: Principal,
    /** User groups of the active tenant the user belongs to. */
    public userGroupIds: string[],
    tokenExpiresAt: number,
  ) {
    this.authenticatedUntil = tokenExpiresAt;
    this.userId = principal.userId;
    this.sessionId = principal.sessionId;
    this.tenantId = principal.tenantId;
    this.reader = new RecordReader(host.options.maxMessageBytes);
  }

  get isOpen() {
    return this.status === 'handshaking' || this.status === 'ready';
  }

  /** A request of the connection carried a valid token of its session: it lives on until then. */
  authenticated(tokenExpiresAt: number) {
    this.authenticatedUntil = Math.max(this.authenticatedUntil, tokenExpiresAt);
  }

  /** A transport picked the connection up; the handshake clock starts. */
  attach(kind: TransportKind, sink: TransportSink) {
    this.transport = kind;
    this.sink = sink;
    this.status = 'handshaking';
    this.openedAt = this.lastReceived = this.lastSent = Date.now();
  }

  /**
   * Inbound text from the transport: one or more records, possibly a part of one. Never throws:
   * transports call it from socket events, where an exception would end the process.
   */
  receive(text: string) {
    if (!this.isOpen) return;
    this.lastReceived = Date.now();
    try {
      for (const record of this.reader.push(text)) {
        if (this.status === 'handshaking') this.handshake(record);
        else if (this.status === 'ready') this.dispatch(record);
        else break;
      }
    } catch (err) {
      this.fail(err);
    }
  }

  /** Queues a message for the client; dropped unless the handshake is done. */
  send(message: Outbound) {
    if (this.status === 'ready') this.write(message);
  }

  /**
   * Ends the connection for the client: a Close message when the handshake is done (with
   * allowReconnect the client's automatic reconnect starts), then the end of the transport.
   */
  close(opts: { error?: string; allowReconnect?: boolean } = {}) {
    if (this.status === 'ready') this.write(new Outbound(closeRecord(opts)));
    this.end();
  }

  /** Ends the transport without a Close message (the client asked, or never got going). */
  end() {
    if (this.status === 'closing' || this.status === 'closed') return;
    const wasReady = this.status === 'ready';
    this.status = 'closing';
    this.stopInvocations();
    if (wasReady) this.host.left(this);
    if (this.sink) this.sink.end();
    else this.transportClosed();
  }

  /** Drops the transport at once, without a Close message (client gone, or too slow). */
  abort() {
    this.sink?.abort();
    this.transportClosed();
  }

  /** The transport is gone (socket closed, request ended, poll not renewed). */
  transportClosed() {
    if (this.status === 'closed') return;
    if (this.status === 'ready') this.host.left(this);
    this.status = 'closed';
    this.stopInvocations();
    this.host.gone(this);
  }

  /** Called by the hub's sweep: pings, and every timeout of the connection. */
  tick(now: number) {
    const o = this.host.options;
    if (this.status === 'negotiated') {
      if (now - this.createdAt >= o.negotiateTimeoutMs) this.transportClosed();
      return;
    }
    const idleSince = this.sink?.idleSince;
    if (this.transport === 'LongPolling' && typeof idleSince === 'number' && now - idleSince >= o.pollDisconnectMs) {
      this.transportClosed();
      return;
    }
    if (this.isOpen && now >= this.authenticatedUntil) {
      // The session may have ended since: the client reconnects, and its token factory supplies
      // a fresh token, which only a live session gets.
      this.host.log.info({ connectionId: this.id }, 'hub access token expired, connection closed');
      this.close({ error: 'The access token has expired', allowReconnect: true });
    } else if (this.status === 'handshaking' && now - this.openedAt >= o.handshakeTimeoutMs) {
      this.rejectHandshake('Handshake was not received in time');
    } else if (this.status === 'ready' && this.transport !== 'LongPolling') {
      if (now - this.lastReceived >= o.clientTimeoutMs) {
        this.close({ error: 'The client sent nothing within the timeout', allowReconnect: true });
      } else if (now - this.lastSent >= o.keepAliveMs) {
        this.write(PING_MESSAGE);
      }
    }
  }

  private write(message: Outbound) {
    if (!this.sink) return;
    this.sink.write(message);
    this.lastSent = Date.now();
    if (this.sink.buffered > this.host.options.maxBufferedBytes) {
      this.host.log.warn({ connectionId: this.id, buffered: this.sink.buffered }, 'hub client too slow, dropped');
      this.abort();
    }
  }

  private handshake(record: string) {
    let protocol: string;
    let version: number;
    try {
      ({ protocol, version } = parseHandshake(record, this.host.options.maxMessageDepth));
    } catch (err) {
      this.rejectHandshake(err instanceof ProtocolError ? err.message : 'Invalid handshake');
      return;
    }
    if (protocol !== 'json') return this.rejectHandshake(`The protocol '${protocol}' is not supported.`);
    if (version !== 1)
      return this.rejectHandshake(`The server does not support version ${version} of the 'json' protocol.`);
    this.status = 'ready';
    this.write(HANDSHAKE_MESSAGE);
    this.host.joined(this);
  }

  private rejectHandshake(error: string) {
    this.host.log.info({ connectionId: this.id, error }, 'hub handshake refused');
    this.write(new Outbound(handshakeError(error)));
    this.end();
  }

  /**
   * A broken message ends the connection with an error; the process serves everyone else on.
   * So does a fault of the server while reading one, with a generic error.
   */
  private fail(err: unknown) {
    let error: string;
    if (err instanceof ProtocolError) {
      error = err.message;
      this.host.log.info({ connectionId: this.id, error }, 'hub protocol error, connection closed');
    } else {
      error = 'An unexpected error occurred on the server';
      this.host.log.error({ err, connectionId: this.id }, 'hub connection failed, closed');
    }
    if (this.status === 'handshaking') this.rejectHandshake(error);
    else this.close({ error });
  }

  private dispatch(record: string) {
    let message: ReturnType<typeof parseMessage>;
    try {
      message = parseMessage(record, this.host.options.maxMessageDepth);
    } catch (err) {
      this.fail(err);
      return;
    }
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        this.invoke(message);
        break;
      case MessageType.CancelInvocation:
        this.byInvocationId.get(message.invocationId)?.abort();
        break;
      case MessageType.Close:
        this.end();
        break;
      // Pings only refresh lastReceived. The server never asks for client results nor takes
      // upload streams, and stateful reconnect is not offered: the rest needs no answer.
      default:
        break;
    }
  }

  private invoke(m: InvocationMessage) {
    const id = m.invocationId;
    const fail = (error: string) => {
      if (id !== undefined) this.send(new Outbound(completion(id, { error })));
    };
    const method = Object.hasOwn(this.host.methods, m.target) ? this.host.methods[m.target] : undefined;
    if (!method) return fail(`Unknown hub method '${m.target}'`);
    if (m.streamIds?.length) return fail(`Method '${m.target}' does not take streams from the client`);
    const streaming = m.type === MessageType.StreamInvocation;
    if (streaming && method.kind !== 'stream') {
      return fail(`The client attempted to invoke the non-streaming '${m.target}' method with a streaming invocation.`);
    }
    if (!streaming && method.kind === 'stream') {
      return fail(`The client attempted to invoke the streaming '${m.target}' method with a non-streaming invocation.`);
    }
    const args = method.args.safeParse(m.arguments);
    if (!args.success) return fail(`Invalid arguments for '${m.target}'`);
    if (id !== undefined && this.byInvocationId.has(id)) {
      return this.fail(new ProtocolError(`Invocation id ${id} is already in use`));
    }
    if (this.running.size >= this.host.options.maxInvocations) return fail('Too many invocations in progress');

    const controller = new AbortController();
    this.running.add(controller);
    if (id !== undefined) this.byInvocationId.set(id, controller);
    const ctx: CallContext = {
      connectionId: this.id,
      userId: this.userId,
      tenantId: this.tenantId,
      signal: controller.signal,
    };
    const done = () => {
      this.running.delete(controller);
      if (id !== undefined) this.byInvocationId.delete(id);
    };
    const reportError = (err: unknown) => {
      if (err instanceof HubError) return fail(err.message);
      this.host.log.error({ err, target: m.target }, 'hub method failed');
      fail(`An unexpected error occurred invoking '${m.target}' on the server.`);
    };
    // Everything that can throw, the method and the encoding of what it answers (a value
    // JSON cannot write, or one nested too deeply), runs inside the try: a failure becomes the
    // invocation's error completion, and nothing is left to reject unhandled.
    const run = async () => {
      if (method.kind === 'unary') {
        const result = await method.run(ctx, args.data);
        if (id !== undefined) this.send(new Outbound(completion(id, { result })));
        return;
      }
      const streamId = id as string;
      for await (const item of method.run(ctx, args.data)) {
        if (controller.signal.aborted) break;
        this.send(new Outbound(streamItem(streamId, item)));
      }
      this.send(new Outbound(completion(streamId, {})));
    };
    (async () => {
      try {
        await run();
      } catch (err) {
        reportError(err);
      } finally {
        done();
      }
    })().catch((err) => this.host.log.error({ err, target: m.target }, 'hub invocation failed unreported'));
  }

  private stopInvocations() {
    for (const controller of this.running) controller.abort();
  }
}
