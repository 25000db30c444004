import fc from 'fast-check';

/** The little of JSON Schema the OpenAPI document of the zod schemas uses. */
export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};

/** Strings that have broken servers before: NULs, escapes, lone surrogates, injections, odd numbers. */
const nastyConstants = fc.constantFrom(
  '',
  ' ',
  '%00',
  '%',
  '%zz',
  '\uD800',
  '🙂',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'null',
  'true',
  '-1',
  '1e309',
  '9007199254740993',
  'NaN',
  '[]',
  '{}',
  'x'.repeat(5_000),
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30T25:61:61Z',
);

/** NUL characters (PostgreSQL text cannot hold one), alone or amid other text. */
const withNul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([before, after]) => `${before}\u0000${after}`);

export const nastyString = fc.oneof(
  { weight: 2, arbitrary: nastyConstants },
  { weight: 3, arbitrary: withNul },
  // Every code unit, controls and lone surrogates included.
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

export const text = fc.oneof(nastyString, fc.string({ maxLength: 30 }), fc.uuid());

/** A value of any JSON type, nested a little. */
export const anyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, 1e308, -0, 2 ** 31, -1),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(text, tie('value'), { maxKeys: 3 }),
})).value;

/** A value in place of a valid one: a nasty string mostly (they pass type checks), else any JSON. */
const hostile = fc.oneof({ weight: 4, arbitrary: nastyString }, { weight: 1, arbitrary: anyJson });

/** UUIDs of the versions zod accepts. */
export const uuid = fc.uuid({ version: [1, 4, 7] });
/** Plain addresses every validator accepts (fast-check's own include forms zod refuses). */
const email = fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/).map((local) => `${local}@example.test`);

type Options = {
  /** Resolves a $ref. */
  resolve: (ref: string) => JsonSchema | undefined;
  /** Values for uuid fields: real ids reach deeper than random ones. */
  ids: fc.Arbitrary<string>;
};

function stringOf(schema: JsonSchema, options: Options, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof(options.ids, uuid);
  // Zod's emails show as plain strings in the document: the field's name says it.
  if (schema.format === 'email' || /mail$/i.test(name)) return email;
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern this engine cannot read: plain strings instead.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
}

/** Every place in a JSON value (the value itself too), as paths of keys. */
function placesOf(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(path);
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) placesOf(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

/** `value` with what is at `path` replaced. */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (!path.length) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

/**
 * Values for a schema: a valid one, or (most often) a valid one with exactly one place in it replaced
 * by a hostile value, so the request fails validation for that one reason or, when the hostile value
 * is still of the right type (a string with a NUL, say), reaches the handler with it.
 */
export function arbitraryFor(schema: JsonSchema, options: Options): fc.Arbitrary<unknown> {
  return fc.tuple(validFor(schema, options, 0), fc.nat(), hostile, fc.nat(3)).map(([value, pick, by, mode]) => {
    if (mode === 0) return value;
    const places = placesOf(value);
    return replaced(value, places[pick % places.length]!, by);
  });
}

function validFor(schema: JsonSchema, options: Options, depth: number, name = ''): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const target = options.resolve(schema.$ref);
    return target && depth < 6 ? validFor(target, options, depth + 1, name) : anyJson;
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validFor(v, options, depth + 1, name)));
  if (schema.allOf?.length) return validFor(Object.assign({}, ...schema.allOf), options, depth + 1, name);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const types = [schema.type ?? []].flat();
  if (schema.nullable) types.push('null');
  if (!types.length) return anyJson;
  return fc.oneof(...types.map((type) => ofType(type, schema, options, depth, name)));
}

function ofType(
  type: string,
  schema: JsonSchema,
  options: Options,
  depth: number,
  name: string,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(schema, options, name);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const items = schema.items ? validFor(schema.items, options, depth + 1) : anyJson;
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case 'object': {
      if (!schema.properties || depth > 6) return fc.dictionary(text, anyJson, { maxKeys: 3 });
      const fields = Object.fromEntries(
        Object.entries(schema.properties).map(([field, s]) => [field, validFor(s, options, depth + 1, field)]),
      );
      // Required fields are there most of the time; an unknown extra field now and then.
      return fc
        .tuple(
          fc.record(fields, { requiredKeys: [] }),
          fc.record(fields, { requiredKeys: schema.required ?? [] }),
          fc.option(fc.tuple(text, anyJson), { freq: 5 }),
          fc.nat(3),
        )
        .map(([loose, strict, extra, pick]) => {
          const value: Record<string, unknown> = { ...(pick === 0 ? loose : strict) };
          if (extra) value[extra[0]] = extra[1];
          return value;
        });
    }
    default:
      return anyJson;
  }
}
