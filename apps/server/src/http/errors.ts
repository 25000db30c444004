import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { applySecurityHeaders } from './security-headers.js';

/** Every domain error code and the HTTP status it maps to; the one place where that mapping lives. */
const STATUS = {
  validation: 400,
  noActiveTenant: 400,
  unauthenticated: 401,
  invalidCredentials: 401,
  sessionExpired: 401,
  forbidden: 403,
  twoFactorRequired: 403,
  notFound: 404,
  conflict: 409,
  quotaExceeded: 409,
  idempotencyKeyReused: 422,
  tooManyRequests: 429,
} as const;
export type ErrorCode = keyof typeof STATUS;

const TITLES: Record<ErrorCode, string> = {
  validation: 'Your request has invalid fields',
  noActiveTenant: 'Choose an active tenant first',
  unauthenticated: 'Sign in to continue',
  invalidCredentials: 'Wrong email or password',
  sessionExpired: 'Your session has ended',
  forbidden: 'You are not allowed to do this',
  twoFactorRequired: 'This tenant requires two-factor sign-in: turn it on in your profile first',
  notFound: 'Not found',
  conflict: 'This conflicts with existing data',
  quotaExceeded: 'Limit reached',
  idempotencyKeyReused: 'This Idempotency-Key was used for another request',
  tooManyRequests: 'Too many attempts',
};

export type FieldError = { field: string; message: string };

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? TITLES[code]);
    this.status = STATUS[code];
  }
}

/**
 * A 400 on one field. `message` is the field's own message (often a key the web app translates); pass
 * `detail` when the problem's detail should say it otherwise (a sentence in English), else it is `message`.
 */
export const fieldError = (field: string, message: string, detail: string = message) =>
  new AppError('validation', detail, [{ field, message }]);

/** The detail of a 400 that names its fields: `field: message`, each of them. */
const listed = (errors: FieldError[]) => errors.map((e) => `${e.field}: ${e.message}`).join('; ');

/** A 400 reporting every field check that failed at once. */
export const fieldErrors = (errors: FieldError[]) => new AppError('validation', listed(errors), errors);

type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code?: string;
  errors?: FieldError[];
  instance?: string;
};

/** Maps every thrown error to RFC 9457 problem+json; 5xx answers never carry internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let body: ProblemBody;
    const refusal = err instanceof AppError ? null : databaseRefusal(err);
    if (err instanceof AppError) {
      body = { type: `about:blank`, title: TITLES[err.code], status: err.status, detail: err.message, code: err.code };
      if (err.errors) body.errors = err.errors;
      if (err.headers) reply.headers(err.headers);
    } else if (refusal) {
      // A race the checks before the write could not see (a row deleted or added meanwhile), or a value
      // PostgreSQL cannot hold: the caller's request, not the server, is what failed.
      request.log.warn({ err }, 'database refused the write');
      body = { type: 'about:blank', title: TITLES[refusal.code], ...refusal };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const errors = err.validation.map((v) => ({
        field: pathOf(where, v.instancePath),
        message: v.message ?? 'invalid',
      }));
      body = { type: 'about:blank', title: TITLES.validation, status: 400, code: 'validation', errors };
      body.detail = listed(errors);
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type...
      const status = CLIENT_STATUS[err.code] ?? err.statusCode;
      body = { type: 'about:blank', title: err.message, status, code: err.code };
    } else {
      request.log.error({ err }, 'unhandled error');
      body = { type: 'about:blank', title: 'Something went wrong on our side', status: 500 };
    }
    body.instance = request.url.split('?')[0];
    // The rest of a body too large is not read: the connection closes after the answer.
    if (body.status === 413) reply.header('connection', 'close');
    return reply.status(body.status).type('application/problem+json').send(body);
  });
}

/** PostgreSQL error classes (SQLSTATE) that a client's request caused, and what to answer. */
const DATABASE_REFUSALS: Record<string, { code: ErrorCode; detail: string }> = {
  '23505': { code: 'conflict', detail: 'Another change got there first: this already exists' },
  '23503': { code: 'conflict', detail: 'A record this refers to, or that refers to it, changed meanwhile' },
  '22003': { code: 'validation', detail: 'A number is out of range' },
  '22007': { code: 'validation', detail: 'A date or time is not valid' },
  '22008': { code: 'validation', detail: 'A date or time is out of range' },
};

/** The answer for a database error a request caused (Drizzle keeps the driver's error as `cause`). */
function databaseRefusal(err: unknown): { code: ErrorCode; status: number; detail: string } | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const sqlState = (e as { code?: unknown }).code;
    const refusal = typeof sqlState === 'string' ? DATABASE_REFUSALS[sqlState] : undefined;
    if (refusal) return { ...refusal, status: STATUS[refusal.code] };
  }
  return null;
}

/** Plugins' client errors whose own status says something else than what went wrong. */
const CLIENT_STATUS: Record<string, number> = {
  // @fastify/multipart answers 406 Not Acceptable when the body is not multipart: it is the media type.
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
  // An upload is one file part and nothing else: a text field or a second part is a wrong request, not a large one.
  FST_FIELDS_LIMIT: 400,
  FST_FILES_LIMIT: 400,
  FST_PARTS_LIMIT: 400,
};

/**
 * Fastify's errors raised before a route is found (a malformed URL, say), which skip every hook:
 * problem+json with the security headers, like every other answer.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(request, reply);
  const status = err.statusCode ?? 400;
  const title = status < 500 ? 'Bad request' : 'Something went wrong on our side';
  const body: ProblemBody = { type: 'about:blank', title, status, code: err.code };
  if (status < 500) body.detail = err.message;
  else request.log.error({ err }, 'framework error');
  body.instance = request.url.split('?')[0];
  return reply.status(status).type('application/problem+json').send(body);
}

/**
 * Errors Node's HTTP parser raises before any request exists (a head too large: 431, a request that
 * did not arrive in time: 408, bytes that are no HTTP: 400): problem+json like every other answer,
 * then the connection closes.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const title = STATUS_CODES[status]!;
  const body = JSON.stringify({ type: 'about:blank', title, status, code: err.code });
  // Not when an answer has begun on this socket: more bytes would corrupt it.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !answering) {
    socket.write(
      `HTTP/1.1 ${status} ${title}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        "Content-Security-Policy: default-src 'none'; base-uri 'none'; frame-ancestors 'none'\r\n" +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}

/** "/customTenantProperties/primaryColor" in body -> "customTenantProperties.primaryColor". */
function pathOf(where: string, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (where === 'body') return path || 'body';
  return path ? `${where}.${path}` : where;
}
