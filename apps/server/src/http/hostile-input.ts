import fp from 'fastify-plugin';
import { AppError, type FieldError } from './errors.js';

/**
 * How deep a JSON body may nest. Atrium's bodies nest a few levels; far deeper input only costs
 * stack (recursive validators, PostgreSQL's jsonb input) and is refused before it reaches them.
 */
export const MAX_INPUT_DEPTH = 32;

const NUL = '\u0000';

type Where = 'body' | 'querystring' | 'params';

/** "rows.0.email" in body is "rows.0.email"; elsewhere it is prefixed, as schema errors are (errors.ts). */
const fieldName = (where: Where, path: (string | number)[]) => {
  const inner = path.join('.');
  if (where === 'body') return inner || 'body';
  return inner ? `${where}.${inner}` : where;
};

/**
 * The first problem in one part of a request: a NUL character in any string or key (PostgreSQL text
 * cannot hold one, so it would fail as a 500), or nesting deeper than maxDepth. Walks with its
 * own stack, so hostile nesting cannot overflow the call stack.
 */
export function findHostileValue(where: Where, root: unknown, maxDepth = MAX_INPUT_DEPTH): FieldError | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return { field: fieldName(where, path), message: 'nulCharacter' };
      continue;
    }
    // Raw bodies (the hub's) are bytes, where a zero is no character.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (path.length >= maxDepth) return { field: fieldName(where, path), message: 'nestedTooDeeply' };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (key.includes(NUL)) return { field: fieldName(where, [...path, key]), message: 'nulCharacter' };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

const DETAILS: Record<string, string> = {
  nulCharacter: 'must not contain a NUL character (\\u0000)',
  nestedTooDeeply: `must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
};

/**
 * Refuses, for every route present and future, input no field may hold: NUL characters in the path,
 * the query string or any JSON string, and absurdly deep JSON. A 400 naming the field, before the
 * route's own validation runs.
 */
export const hostileInputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const problem =
        findHostileValue('params', request.params) ??
        findHostileValue('querystring', request.query) ??
        findHostileValue('body', request.body);
      if (problem) {
        done(new AppError('validation', `${problem.field}: ${DETAILS[problem.message]}`, [problem]));
      } else done();
    });
  },
  { name: 'hostile-input' },
);
