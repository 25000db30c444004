import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../../db/client.js';
import { createGraphTransport } from './graph.transport.js';
import type { MailTransport } from './mail.port.js';
import { mailOutbox } from './mail.schema.js';
import { createMailService } from './mail.service.js';
import { RETRY_DELAYS_MS } from './mail-worker.js';
import { createSmtpTransport } from './smtp.transport.js';

const log = pino({ level: 'silent' });
let database: Database & { dispose: () => Promise<void> };
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.dispose());

const message = { to: 'rita@example.test', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' };
const rowOf = async (id: string) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

/** A transport that holds every mail until `release()`, then records its recipient in `sent`. */
/** A transport that holds every mail until released; `sending` resolves once it holds the first. */
function gatedTransport() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered!: () => void;
  const sending = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const sent: string[] = [];
  const slow: MailTransport = {
    name: 'slow',
    async send(m) {
      entered();
      await gate;
      sent.push(m.to);
    },
  };
  return { slow, sent, sending, release: () => release() };
}

describe('SMTP transport', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (chunk) => {
        data += chunk;
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        done();
      });
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers queued mail through a real SMTP server and marks it sent', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Atrium <no-reply@atrium.test>');
    const mailer = createMailService({ db: database.db, transport, log });
    const id = await mailer.send(message);
    expect((await rowOf(id)).status).toBe('pending');
    await mailer.worker!.runOnce();
    await mailer.close();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1 });
    // Once delivered, the outbox keeps no copy of the body (reset links must not linger).
    expect(row.html).toBe('');
    const got = received.find((r) => r.to.includes('rita@example.test'))!;
    expect(got.from).toBe('no-reply@atrium.test');
    expect(got.data).toContain('Subject: Hello');
  });
});

describe('leases', () => {
  it('keeps no transaction open while sending, and gives each mail to one worker', async () => {
    const { slow, sent, sending, release } = gatedTransport();
    const first = createMailService({ db: database.db, transport: slow, log });
    const second = createMailService({ db: database.db, transport: slow, log });
    const id = await first.send({ ...message, to: 'lease@example.test' });
    const running = first.worker!.runOnce();
    await sending;
    // While the first worker is sending, the database answers and the second worker finds nothing due.
    expect((await rowOf(id)).status).toBe('pending');
    expect(await second.worker!.runOnce()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(sent).toEqual(['lease@example.test']);
    expect((await rowOf(id)).status).toBe('sent');
    await first.close();
    await second.close();
  });
});

describe('stopping', () => {
  it('hands a mail claimed while stopping back to the queue, due at once for another process', async () => {
    const { slow, sent, sending, release } = gatedTransport();
    const stopping = createMailService({ db: database.db, transport: slow, log });
    await stopping.send({ ...message, to: 'stop-first@example.test' });
    const second = await stopping.send({ ...message, to: 'stop-second@example.test' });
    await sending; // the worker, kicked by send(), has claimed the first mail
    // The first mail is being sent when SIGTERM stops the worker; it finishes, and claims no more.
    const closed = stopping.close();
    release();
    await closed;
    expect(sent).toEqual(['stop-first@example.test']);
    const row = await rowOf(second);
    expect(row.status).toBe('pending');
    expect(row.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 5000);

    const other = createMailService({ db: database.db, transport: slow, log });
    expect(await other.worker!.runOnce()).toBe(1);
    expect(sent).toEqual(['stop-first@example.test', 'stop-second@example.test']);
    await other.close();
  });
});

describe('retries', () => {
  it('keeps failed mail pending with a later attempt, then marks it failed after the last retry', async () => {
    let calls = 0;
    const broken: MailTransport = {
      name: 'broken',
      async send() {
        calls++;
        throw new Error('connection refused');
      },
    };
    const mailer = createMailService({ db: database.db, transport: broken, log });
    const id = await mailer.send({ ...message, to: 'retry@example.test' });
    await mailer.worker!.runOnce();
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + RETRY_DELAYS_MS[0]! - 5000);

    // Not due yet: nothing happens.
    await mailer.worker!.runOnce();
    expect(calls).toBe(1);

    for (let i = 0; i < RETRY_DELAYS_MS.length; i++) {
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(mailOutbox.id, id));
      await mailer.worker!.runOnce();
    }
    row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(RETRY_DELAYS_MS.length + 1);
    await mailer.close();
  });

  it('stores mail in the outbox when no transport is configured', async () => {
    const mailer = createMailService({ db: database.db, transport: null, log });
    const id = await mailer.send(message);
    expect((await rowOf(id)).status).toBe('stored');
    expect(mailer.worker).toBeNull();
  });
});

describe('Microsoft Graph transport', () => {
  const requests: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  let failSend = false;
  const standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      requests.push({ url: req.url!, headers: req.headers, body });
      if (req.url === '/contoso-tenant/oauth2/v2.0/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'graph-token-1', expires_in: 3600, token_type: 'Bearer' }));
      } else if (req.url === '/v1.0/users/sender%40contoso.test/sendMail') {
        res.writeHead(failSend ? 500 : 202);
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

  const settings = {
    msGraphTenantId: 'contoso-tenant',
    msGraphClientId: 'client-1',
    msGraphClientSecret: 'secret-1',
    msGraphSenderId: 'sender@contoso.test',
    msGraphFromMail: 'news@contoso.test',
  };

  it('gets a client-credentials token once and sends mail with it', async () => {
    const transport = createGraphTransport(settings, { authorityBaseUrl: base, graphBaseUrl: base });
    await transport.send(message);
    await transport.send({ ...message, to: 'second@example.test' });
    const tokenCalls = requests.filter((r) => r.url.endsWith('/token'));
    expect(tokenCalls).toHaveLength(1);
    const form = new URLSearchParams(tokenCalls[0]!.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-1',
      client_secret: 'secret-1',
      scope: 'https://graph.microsoft.com/.default',
    });
    const sends = requests.filter((r) => r.url.endsWith('/sendMail'));
    expect(sends).toHaveLength(2);
    expect(sends[0]!.headers.authorization).toBe('Bearer graph-token-1');
    expect(JSON.parse(sends[0]!.body).message).toMatchObject({
      subject: 'Hello',
      body: { contentType: 'HTML', content: '<p>Hi</p>' },
      from: { emailAddress: { address: 'news@contoso.test' } },
      toRecipients: [{ emailAddress: { address: 'rita@example.test' } }],
    });
  });

  it('throws when Graph refuses, so the worker retries', async () => {
    failSend = true;
    const transport = createGraphTransport(settings, { authorityBaseUrl: base, graphBaseUrl: base });
    await expect(transport.send(message)).rejects.toThrow(/500/);
    failSend = false;
  });
});
