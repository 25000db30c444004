import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { App } from '../src/app.js';

/** The server's API prefix; the document's paths are below it (its `servers` entry). */
const API = '/core/api';

type Response = { $ref?: string; content?: Record<string, { schema?: object }> };
type Operation = { operationId: string; responses: Record<string, Response> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
};

/** One answer as a test got it. */
export type Answer = { method: string; url: string; response: LightMyRequestResponse };

/**
 * Checks the app's answers against its own OpenAPI document: the operation (method and path) must be
 * documented, and so must the answer's status, its content type and, for JSON, its body (JSON Schema,
 * ajv). Answers 405 from a documented path to an undocumented method (the document's general rule),
 * and answers of paths the document leaves out (the hidden ones: its own, the docs, the hub) pass.
 * Returns what is wrong, or null.
 */
export function answerContract(app: App) {
  const document = app.swagger() as unknown as Document;
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const [path, operations] of Object.entries(document.paths)) {
    router.on(Object.keys(operations).map((m) => m.toUpperCase()) as HTTPMethod[], toRouterPath(path), () => {}, {
      path,
    });
  }
  const ajv = new Ajv({ strict: false, allErrors: false, discriminator: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(document as object, 'openapi');
  const validators = new Map<string, ValidateFunction>();

  return function check({ method, url, response }: Answer): string | null {
    const path = url.split('?')[0]!;
    if (!path.startsWith(`${API}/`)) return null;
    const apiPath = path.slice(API.length);
    const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const found = router.find(verb as HTTPMethod, apiPath);
    const what = `${method} ${path} answered ${response.statusCode}`;
    if (!found) {
      const served = METHODS.filter((m) => router.find(m, apiPath));
      // Not a documented path: a hidden route's, or none (the not-found answer).
      if (served.length === 0) return null;
      const allow = String(response.headers.allow ?? '');
      if (response.statusCode === 405 && served.every((m) => allow.includes(m))) return null;
      return `${what}: the document has no ${method} on this path (only ${served.join(', ')}), which answers 405 with Allow`;
    }
    const docPath = (found.store as { path: string }).path;
    const operation = document.paths[docPath]![verb.toLowerCase()]!;
    const pointer = `openapi#/paths/${pointerSegment(docPath)}/${verb.toLowerCase()}/responses/${response.statusCode}`;
    let described = operation.responses[response.statusCode];
    if (!described) return `${what}, which ${operation.operationId} does not document`;
    let schemaPointer = pointer;
    if (described.$ref) {
      const name = described.$ref.split('/').pop()!;
      schemaPointer = `openapi#/components/responses/${name}`;
      described = document.components.responses[name]!;
    }
    const contentType = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const body = response.rawPayload;
    if (!described.content) {
      return body.length === 0
        ? null
        : `${what} with a body (${contentType}), which ${operation.operationId} documents none of`;
    }
    const media = described.content[contentType] ?? wildcard(described.content, contentType);
    if (!media) {
      const types = Object.keys(described.content).join(', ');
      return `${what} in ${contentType || 'no content type'}, which ${operation.operationId} documents as ${types}`;
    }
    if (!/[/+]json$/.test(contentType) || !media.schema || (method.toUpperCase() === 'HEAD' && body.length === 0))
      return null;
    const key = `${schemaPointer}/content/${pointerSegment(contentType)}/schema`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.getSchema(key)!;
      validators.set(key, validate);
    }
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return `${what} with a body that is not JSON`;
    }
    if (validate(json)) return null;
    const errors = validate.errors?.map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
    return `${what} with a body ${operation.operationId} does not document: ${errors}`;
  };
}

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const toRouterPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');
const wildcard = (content: Record<string, { schema?: object }>, type: string) =>
  content[`${type.split('/')[0]}/*`] ?? content['*/*'];
