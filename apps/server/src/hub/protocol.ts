import { findHostileValue } from '../http/hostile-input.js';

/**
 * The SignalR JSON hub protocol: records are JSON texts ended by the record separator 0x1E.
 * Only what the server reads and writes lives here; no transport knowledge.
 */

export const RS = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** The peer broke the protocol: the connection is closed with this message as its error. */
export class ProtocolError extends Error {}

export class MessageTooLargeError extends ProtocolError {
  constructor(limit: number) {
    super(`Message exceeds the limit of ${limit} bytes`);
  }
}

export class MessageTooDeepError extends ProtocolError {
  constructor(limit: number) {
    super(`Message is nested deeper than ${limit} levels`);
  }
}

export class MessageHasNulError extends ProtocolError {
  constructor() {
    super('Message must not contain a NUL character (\\u0000)');
  }
}

export type InvocationMessage = {
  type: 1 | 4;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
};
export type InboundMessage = InvocationMessage | { type: 2 | 3 | 5; invocationId: string } | { type: 6 | 7 | 8 | 9 };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How deep inbound JSON may nest, the message object itself counting as one level. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`. A linear scan of the text,
 * before parsing: deeply nested values overflow the stack of anything recursive (JSON.stringify,
 * validators) that later walks them.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function parseJsonObject(record: string, what: string, maxDepth: number): Record<string, unknown> {
  if (nestsDeeperThan(record, maxDepth)) throw new MessageTooDeepError(maxDepth);
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError(`${what} is not valid JSON`);
  }
  if (!isObject(value)) throw new ProtocolError(`${what} is not a JSON object`);
  // As over HTTP (http/hostile-input.ts): no string or key may hold a NUL; the depth was checked above.
  if (findHostileValue('body', value, maxDepth + 1)?.message === 'nulCharacter') throw new MessageHasNulError();
  return value;
}

export type HandshakeRequest = { protocol: string; version: number };

/** The first record of every connection; anything else is refused. */
export function parseHandshake(record: string, maxDepth = MAX_JSON_DEPTH): HandshakeRequest {
  const value = parseJsonObject(record, 'Handshake request', maxDepth);
  if (typeof value.protocol !== 'string' || typeof value.version !== 'number') {
    throw new ProtocolError('Handshake request needs a string "protocol" and a numeric "version"');
  }
  return { protocol: value.protocol, version: value.version };
}

const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

export function parseMessage(record: string, maxDepth = MAX_JSON_DEPTH): InboundMessage {
  const m = parseJsonObject(record, 'Message', maxDepth);
  switch (m.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const streamIds = m.streamIds;
      const validIds =
        streamIds === undefined || (Array.isArray(streamIds) && streamIds.every((s) => typeof s === 'string'));
      if (typeof m.target !== 'string' || !Array.isArray(m.arguments) || !optionalString(m.invocationId) || !validIds) {
        throw new ProtocolError('Invalid invocation message');
      }
      if (m.type === MessageType.StreamInvocation && typeof m.invocationId !== 'string') {
        throw new ProtocolError('A stream invocation needs an invocationId');
      }
      return {
        type: m.type,
        target: m.target,
        arguments: m.arguments,
        ...(typeof m.invocationId === 'string' && { invocationId: m.invocationId }),
        ...(streamIds !== undefined && { streamIds: streamIds as string[] }),
      };
    }
    case MessageType.StreamItem:
    case MessageType.Completion:
    case MessageType.CancelInvocation:
      if (typeof m.invocationId !== 'string')
        throw new ProtocolError(`Message of type ${m.type} needs an invocationId`);
      return { type: m.type, invocationId: m.invocationId };
    case MessageType.Ping:
    case MessageType.Close:
    case MessageType.Ack:
    case MessageType.Sequence:
      return { type: m.type };
    default:
      throw new ProtocolError(`Unknown message type: ${describeType(m.type)}`);
  }
}

/** The type of an unknown message, for its error: short, whatever the client sent. */
function describeType(type: unknown): string {
  if (type === undefined) return 'none';
  if (typeof type === 'number' || typeof type === 'boolean' || type === null) return String(type);
  if (typeof type === 'string') return JSON.stringify(type.length > 32 ? `${type.slice(0, 32)}…` : type);
  return Array.isArray(type) ? 'an array' : 'an object';
}

/** Collects inbound text and hands out complete records; the unterminated rest waits for more. */
export class RecordReader {
  /** The unterminated rest, as it arrived: joined once, when its separator comes. */
  private chunks: string[] = [];
  private pendingBytes = 0;
  constructor(private readonly maxRecordBytes: number) {}

  push(text: string): string[] {
    const parts = text.split(RS);
    const last = parts.pop() ?? '';
    const records: string[] = [];
    for (const part of parts) {
      this.add(part);
      records.push(this.chunks.length > 1 ? this.chunks.join('') : (this.chunks[0] ?? ''));
      this.chunks = [];
      this.pendingBytes = 0;
    }
    this.add(last);
    return records;
  }

  /** Appends to the record being read; only the new text is measured. */
  private add(text: string) {
    if (!text) return;
    this.pendingBytes += Buffer.byteLength(text);
    if (this.pendingBytes > this.maxRecordBytes) {
      this.chunks = [];
      this.pendingBytes = 0;
      throw new MessageTooLargeError(this.maxRecordBytes);
    }
    this.chunks.push(text);
  }
}

export const encode = (message: object) => JSON.stringify(message) + RS;

export const HANDSHAKE_OK = encode({});
export const PING = encode({ type: MessageType.Ping });

export const handshakeError = (error: string) => encode({ error });

/** A call of a client method; no invocationId, as the server never waits for client results. */
export const invocation = (target: string, args: readonly unknown[]) =>
  encode({ type: MessageType.Invocation, target, arguments: args });

export const streamItem = (invocationId: string, item: unknown) =>
  encode({ type: MessageType.StreamItem, invocationId, item });

/** Exactly one of result or error, never both. */
export function completion(invocationId: string, outcome: { result?: unknown } | { error: string }) {
  if ('error' in outcome) return encode({ type: MessageType.Completion, invocationId, error: outcome.error });
  return encode({
    type: MessageType.Completion,
    invocationId,
    ...(outcome.result !== undefined && { result: outcome.result }),
  });
}

export const close = (opts: { error?: string; allowReconnect?: boolean } = {}) =>
  encode({
    type: MessageType.Close,
    ...(opts.error && { error: opts.error }),
    ...(opts.allowReconnect && { allowReconnect: true }),
  });

/**
 * One outbound text, shared by every connection it goes to: each transport's framing is made
 * once per message, not once per connection.
 */
export class Outbound {
  private bytes?: Buffer;
  private event?: Buffer;
  constructor(readonly text: string) {}

  /** The UTF-8 bytes, sent as a WebSocket text frame. */
  get buffer(): Buffer {
    this.bytes ??= Buffer.from(this.text);
    return this.bytes;
  }

  /** One Server-Sent Event: every line prefixed "data: ", then a blank line. */
  get sse(): Buffer {
    this.event ??= Buffer.from(
      `${this.text
        .split(/\r\n|\r|\n/)
        .map((line) => `data: ${line}\r\n`)
        .join('')}\r\n`,
    );
    return this.event;
  }
}
