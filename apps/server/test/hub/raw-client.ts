import { HUB } from '@atrium/contracts';
import WebSocket from 'ws';
import { bearer } from '../harness.js';

export const RS = '\u001e';
export const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;

type Negotiated = {
  negotiateVersion: number;
  connectionId: string;
  connectionToken?: string;
  availableTransports: unknown[];
};

/** Plain HTTP against the hub, to check the protocol's status codes byte by byte. */
export function rawHub(origin: string) {
  const hubUrl = `${origin}${HUB.path}`;
  const auth = (token?: string): Record<string, string> => (token ? bearer(token) : {});

  return {
    hubUrl,
    async negotiate(token?: string, query = '?negotiateVersion=1', init: RequestInit = {}) {
      const res = await fetch(`${hubUrl}/negotiate${query}`, {
        method: 'POST',
        ...init,
        headers: { ...auth(token), ...init.headers },
      });
      const body = res.status === 200 ? ((await res.json()) as Negotiated) : null;
      return { status: res.status, body };
    },
    /** A negotiated connection token, ready for a transport. */
    async connectionToken(token: string) {
      const { body } = await this.negotiate(token);
      if (!body?.connectionToken) throw new Error('negotiate failed');
      return body.connectionToken;
    },
    poll(id: string | null, token?: string, signal?: AbortSignal) {
      const query = id === null ? '' : `?id=${id}&_=${Date.now()}`;
      return fetch(`${hubUrl}${query}`, { headers: auth(token), signal });
    },
    send(id: string | null, body: string, token?: string) {
      const query = id === null ? '' : `?id=${id}`;
      return fetch(`${hubUrl}${query}`, {
        method: 'POST',
        headers: { ...auth(token), 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
    },
    remove(id: string | null, token?: string) {
      const query = id === null ? '' : `?id=${id}`;
      return fetch(`${hubUrl}${query}`, { method: 'DELETE', headers: auth(token) });
    },
    /** Opens an event stream; the token goes in the query, as browsers send it. */
    async events(id: string, token?: string) {
      const controller = new AbortController();
      const query = token ? `&access_token=${encodeURIComponent(token)}` : '';
      const res = await fetch(`${hubUrl}?id=${id}${query}`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      const reader = res.body?.getReader();
      let text = '';
      return {
        res,
        close: () => controller.abort(),
        /** Reads the stream until it holds `expected`, or throws after timeoutMs. */
        async readUntil(expected: string, timeoutMs = 5000) {
          const deadline = Date.now() + timeoutMs;
          while (!text.includes(expected)) {
            if (!reader || Date.now() > deadline)
              throw new Error(`stream never held ${JSON.stringify(expected)}: ${JSON.stringify(text)}`);
            const chunk = await Promise.race([
              reader.read(),
              new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, deadline - Date.now()))),
            ]);
            if (chunk === null) continue;
            if (chunk.done) throw new Error(`stream ended before ${JSON.stringify(expected)}: ${JSON.stringify(text)}`);
            text += new TextDecoder().decode(chunk.value);
          }
          return text;
        },
      };
    },
    /** A WebSocket with the token in the Authorization header (as Node clients send it). */
    socket(id: string | null, token?: string, options: { maxPayload?: number } = {}) {
      const url = `${hubUrl.replace(/^http/, 'ws')}${id === null ? '' : `?id=${id}`}`;
      return new RawSocket(new WebSocket(url, { headers: auth(token), ...options }));
    },
    /** A WebSocket of a freshly negotiated connection that has completed the JSON handshake. */
    async readySocket(token: string) {
      const socket = this.socket(await this.connectionToken(token), token);
      if (!(await socket.opened)) throw new Error('the WebSocket did not open');
      socket.ws.send(HANDSHAKE);
      await socket.waitFor((s) => s.text.startsWith(`{}${RS}`));
      return socket;
    },
  };
}

/** A WebSocket that records what it receives and how it ended. */
export class RawSocket {
  text = '';
  closed: { code: number; reason: string } | null = null;
  refused: number | null = null;
  readonly opened: Promise<boolean>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.text += data.toString();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
    this.opened = new Promise((resolve) => {
      ws.once('open', () => resolve(true));
      ws.once('unexpected-response', (_req, res) => {
        this.refused = res.statusCode ?? 0;
        resolve(false);
      });
      ws.once('error', () => resolve(false));
    });
  }

  /** Records received so far, parsed (the handshake answer included). */
  get records(): Record<string, unknown>[] {
    return this.text
      .split(RS)
      .filter(Boolean)
      .map((r) => JSON.parse(r));
  }

  async waitFor(predicate: (s: RawSocket) => boolean, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this)) {
      if (Date.now() > deadline) throw new Error(`socket never got there; received ${JSON.stringify(this.text)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  waitForClose(timeoutMs = 5000) {
    return this.waitFor((s) => s.closed !== null, timeoutMs);
  }
}
