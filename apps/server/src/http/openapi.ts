import { STATUS_CODES } from 'node:http';
import { type AccessPolicy, PRODUCT_NAME, problemSchema } from '@atrium/contracts';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_GUIDE } from './openapi-guide.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Error statuses the route answers beyond those its policy, parameters and method imply (see
     * `errorStatuses`): a public route's 401, a service's 429. Documented in the OpenAPI document.
     */
    errors?: readonly ProblemStatus[];
    /** An upload route's size limit in bytes (set by `uploadRoutes`): its multipart body is documented. */
    upload?: { maxBytes: number };
  }
}

/** Every error status the API answers with problem+json, and the response component documenting it. */
const PROBLEM_RESPONSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'ContentTooLarge',
  414: 'UriTooLong',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
} as const;
export type ProblemStatus = keyof typeof PROBLEM_RESPONSES;

const WHY: Record<ProblemStatus, string> = {
  400: 'The request is malformed or has invalid fields (`errors` names each), or needs an active tenant (`noActiveTenant`).',
  401: 'No valid access token (`unauthenticated`, `sessionExpired`), or wrong credentials (`invalidCredentials`).',
  403: "The caller's roles, or the active tenant's features, do not allow this (`forbidden`, `twoFactorRequired`).",
  404: 'No such record, or not one of the active tenant’s (`notFound`).',
  409: 'Conflicts with existing data or a concurrent change (`conflict`, `quotaExceeded`), or a request with this Idempotency-Key is still being answered (`Retry-After`).',
  413: 'The body (or the uploaded file) is larger than the route takes.',
  414: 'A path parameter is longer than any the API takes.',
  415: 'The body is not in a media type the route takes.',
  422: 'This Idempotency-Key was used for another request (`idempotencyKeyReused`).',
  429: 'Too many attempts: try again after `Retry-After` seconds.',
};

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };
const PROBLEM_HEADERS: Partial<Record<ProblemStatus, Record<string, object>>> = {
  409: {
    'Retry-After': {
      description: 'Seconds to wait (Idempotency-Key still being answered).',
      schema: { type: 'integer' },
    },
  },
  429: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
};

/** The response components, one per error status, each the problem+json schema. */
function problemResponses() {
  const responses: Record<string, object> = {};
  for (const [status, name] of Object.entries(PROBLEM_RESPONSES)) {
    const headers = PROBLEM_HEADERS[Number(status) as ProblemStatus];
    responses[name] = {
      description: `${STATUS_CODES[status]}: ${WHY[Number(status) as ProblemStatus]}`,
      ...(headers && { headers }),
      content: { 'application/problem+json': { schema: PROBLEM_REF } },
    };
  }
  return responses;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Methods the idempotency plugin takes an Idempotency-Key on (http/idempotency.ts). */
const KEYED = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The error statuses an operation can answer, from what every route declares: anything may be
 * malformed (400: hostile input, validation, no active tenant); a signed-in route refuses callers
 * (401, 403); a path with a parameter names a record that may not exist (404) and takes a parameter
 * the router finds too long (414), as may a record's id (a uuid) in the query or the body (404); a write can lose a
 * race the database refuses (409) and carries a body that can be too large or of another type (413,
 * 415, and an upload past its hourly volume 429); a signed-in POST/PUT/PATCH takes an Idempotency-Key (409 while its first is answered, 422 when
 * reused); a rate-limited route answers 429. The route's own `config.errors` adds the rest.
 */
export function errorStatuses(method: string, url: string, config: RouteDoc, input: object[] = []): ProblemStatus[] {
  const statuses = new Set<ProblemStatus>([400, ...(config.errors ?? [])]);
  const signedIn = config.policy?.access !== 'public';
  if (signedIn) statuses.add(401).add(403);
  if (url.includes(':')) statuses.add(404).add(414);
  if (input.some(namesRecord)) statuses.add(404);
  if (WRITES.has(method)) {
    statuses.add(413).add(415);
    if (signedIn) statuses.add(409);
  }
  if (signedIn && KEYED.has(method)) statuses.add(409).add(422);
  // Uploads: the file's size and type, and the uploader's hourly volume (media service).
  if (config.upload) statuses.add(413).add(415).add(429);
  if (config.rateLimit) statuses.add(429);
  return [...statuses].sort();
}

/** Whether a request schema (JSON Schema) holds a uuid anywhere: the id of a record that may not exist. */
function namesRecord(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if ((schema as { format?: unknown }).format === 'uuid') return true;
  return Object.values(schema).some(namesRecord);
}

type RouteDoc = {
  policy?: AccessPolicy;
  errors?: readonly ProblemStatus[];
  upload?: { maxBytes: number };
  rateLimit?: unknown;
};

/**
 * `getUsersById`, `postAuthLogin`: the method and the path's words, a parameter as `By<Name>`. Stable
 * as long as the path is, unique as method and path are (`openapiOptions` checks), and a valid method
 * name in every language a client is generated in.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/core\/api/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...wordsOf(segment.slice(1))] : wordsOf(segment)));
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}
const wordsOf = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);

/** The document's own keys on an operation, read by `finishDocument` and removed from the output. */
const ERRORS_KEY = 'x-atrium-errors';

/**
 * The OpenAPI document's options for @fastify/swagger: every operation's security, id, errors and
 * uploads. `tags`: what each tag (the name a module gives routeOptions) is for, shown above its
 * operations in the reference; each module declares its own (modules/index.ts, ServerModule.tags).
 */
export function openapiOptions(tags: Readonly<Record<string, string>>): FastifyDynamicSwaggerOptions {
  const seen = new Map<string, string>();
  return {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: API_GUIDE,
      },
      // Relative: the API of the server the document was read from. Paths are below it.
      servers: [{ url: '/core/api', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `token` answered by `POST /auth/login` (and renewed by `POST /auth/refresh`).',
          },
        },
      },
    },
    transform(document) {
      const { route } = document;
      const result = jsonSchemaTransform(document) as { schema: Record<string, unknown>; url: string };
      if (result.schema.hide) return result;
      const config = (route.config ?? {}) as RouteDoc;
      const methods = ([] as string[]).concat(route.method);
      const method = methods[0]!;
      const schema = { ...result.schema };
      if (methods.length > 1) throw new Error(`${route.url}: one method per route, for one operationId`);
      const operationId = (schema.operationId as string | undefined) ?? operationIdOf(method, route.url);
      const other = seen.get(operationId);
      if (other && other !== `${method} ${route.url}`) {
        throw new Error(`operationId ${operationId} of ${method} ${route.url} is ${other}'s too`);
      }
      seen.set(operationId, `${method} ${route.url}`);
      schema.operationId = operationId;
      schema.security = config.policy?.access === 'public' ? [] : [{ bearer: [] }];
      const input = [schema.params, schema.querystring, schema.body].filter(Boolean) as object[];
      schema[ERRORS_KEY] = errorStatuses(method, route.url, config, input);
      if (!Object.keys((schema.response as object | undefined) ?? {}).some((status) => status.startsWith('2'))) {
        // A file download: its media types are the route's `produces`, the body is the file.
        const types = (schema.produces as string[] | undefined) ?? ['application/octet-stream'];
        const content = Object.fromEntries(
          types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
        );
        schema.response = { ...(schema.response as object), 200: { description: 'The file', content } };
      }
      if (config.upload) {
        schema.consumes = ['multipart/form-data'];
        schema.body = uploadBody(config.upload.maxBytes);
      }
      // Paths end without a slash (the router takes either: app.ts, ignoreTrailingSlash).
      return { schema, url: result.url.length > 1 ? result.url.replace(/\/+$/, '') : result.url };
    },
    transformObject(documentObject) {
      return finishDocument((documentObject as { openapiObject: OpenApiDocument }).openapiObject, tags) as never;
    },
  };
}

/** An upload's one part: the multipart field `file`, nothing else (storage/uploads.ts). */
const uploadBody = (maxBytes: number) => ({
  type: 'object',
  required: ['file'],
  additionalProperties: false,
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: `The file, at most ${maxBytes} bytes (larger: 413). The body holds this part and no other.`,
    },
  },
});

/**
 * OpenAPI 3.0 says a nullable enum lists null among its values (3.0.3, `nullable`); zod's output
 * marks it nullable only, so validators refuse the null the server answers. Adds it everywhere.
 */
function allowNullInEnums(node: unknown) {
  if (!node || typeof node !== 'object') return;
  const schema = node as { nullable?: boolean; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  for (const child of Object.values(node)) allowNullInEnums(child);
}

type Operation = {
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
  tags?: string[];
  [ERRORS_KEY]?: ProblemStatus[];
};
type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
  tags?: { name: string; description?: string }[];
};

/**
 * The whole document's last touches: each operation's error answers as references to the problem
 * responses, no body on a 204, the module tags listed (the reference groups operations by them).
 */
function finishDocument(document: OpenApiDocument, descriptions: Readonly<Record<string, string>>) {
  const tags = new Set<string>();
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const responses = operation.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (status === '204') delete response.content;
        // Every error answer is problem+json (a route's own error schema, health's 503, included).
        const json = response.content?.['application/json'];
        if (Number(status) >= 400 && json) response.content = { 'application/problem+json': json };
        if (response.description === 'Default Response') response.description = STATUS_CODES[status] ?? status;
      }
      for (const status of operation[ERRORS_KEY] ?? []) {
        responses[status] ??= { $ref: `#/components/responses/${PROBLEM_RESPONSES[status]}` } as never;
      }
      delete operation[ERRORS_KEY];
      operation.responses = responses;
      for (const tag of operation.tags ?? []) tags.add(tag);
    }
  }
  allowNullInEnums(document);
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      Problem: z.toJSONSchema(problemSchema, { target: 'openapi-3.0' }),
    },
    responses: problemResponses(),
  };
  document.tags = [...tags].sort().map((name) => ({ name, description: descriptions[name] }));
  return document;
}
