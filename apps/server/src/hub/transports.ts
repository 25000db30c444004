import type { ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import type { Connection, TransportSink } from './connection.js';
import type { Outbound } from './protocol.js';

/** WebSockets: full duplex; every outbound message is one text frame. */
export class WebSocketSink implements TransportSink {
  /** Set once the upgrade completes; nothing is written before the handshake request anyway. */
  socket: WebSocket | null = null;

  write(message: Outbound) {
    this.socket?.send(message.buffer, { binary: false });
  }

  end() {
    this.socket?.close(1000);
  }

  abort() {
    this.socket?.terminate();
  }

  get buffered() {
    return this.socket?.bufferedAmount ?? 0;
  }
}

/** Server-Sent Events: one event per message on a response that stays open. */
export class ServerSentEventsSink implements TransportSink {
  constructor(private readonly res: ServerResponse) {}

  /** Sends the headers and a comment at once, so that the client's EventSource opens. */
  open() {
    this.res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      // Tells nginx and the like not to buffer the stream.
      'x-accel-buffering': 'no',
    });
    this.res.write(':\r\n');
  }

  write(message: Outbound) {
    if (!this.res.writableEnded) this.res.write(message.sse);
  }

  end() {
    if (!this.res.writableEnded) this.res.end();
  }

  abort() {
    this.res.destroy();
  }

  get buffered() {
    return this.res.writableLength;
  }
}

type Poll = { res: ServerResponse; timer: NodeJS.Timeout };

/**
 * Long polling: messages wait in a queue until a poll takes them all. A poll with nothing to
 * take is held for pollHoldMs, then answered 200 empty; a newer poll replaces it with 204.
 */
export class LongPollingSink implements TransportSink {
  private queue: Outbound[] = [];
  private queuedBytes = 0;
  private poll: Poll | null = null;
  private ended = false;
  private flushing = false;
  idleSince: number | null = Date.now();

  constructor(
    private readonly connection: Connection,
    private readonly holdMs: number,
  ) {}

  write(message: Outbound) {
    this.queue.push(message);
    this.queuedBytes += message.text.length;
    this.scheduleFlush();
  }

  end() {
    this.ended = true;
    if (this.poll) this.scheduleFlush();
    else if (!this.queue.length) this.connection.transportClosed();
  }

  abort() {
    this.ended = true;
    this.queue = [];
    if (this.poll) this.answer(204);
  }

  get buffered() {
    return this.queuedBytes;
  }

  /** A GET arrived for this connection. */
  take(res: ServerResponse) {
    if (this.poll) this.answer(204);
    this.idleSince = null;
    const timer = setTimeout(() => this.poll?.res === res && this.answer(200), this.holdMs);
    this.poll = { res, timer };
    res.on('close', () => {
      // The client went away while its poll was held.
      if (this.poll?.res !== res) return;
      clearTimeout(timer);
      this.poll = null;
      this.idleSince = Date.now();
    });
    this.flush();
  }

  // Messages written in one tick (a broadcast, a completion and its items) go out in one poll.
  private scheduleFlush() {
    if (this.flushing || !this.poll) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      this.flush();
    });
  }

  private flush() {
    if (!this.poll) return;
    if (this.queue.length) this.answer(200);
    else if (this.ended) {
      this.answer(204);
      this.connection.transportClosed();
    }
  }

  private answer(status: 200 | 204) {
    const poll = this.poll;
    if (!poll) return;
    this.poll = null;
    this.idleSince = Date.now();
    clearTimeout(poll.timer);
    if (status === 204) {
      poll.res.writeHead(204).end();
      return;
    }
    const body = Buffer.concat(this.queue.map((m) => m.buffer));
    this.queue = [];
    this.queuedBytes = 0;
    poll.res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': body.length }).end(body);
    // The last messages (a Close among them) are out: nothing is left to poll for.
    if (this.ended) this.connection.transportClosed();
  }
}
