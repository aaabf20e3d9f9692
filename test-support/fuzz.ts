import fc from 'fast-check';

type JsonSchema = Record<string, unknown>;

/** Strings that have broken servers before: injections, encodings, edges of numbers and ids. */
const NASTY_STRINGS = [
  '',
  ' ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '💥'.repeat(50),
  'a'.repeat(5000),
  '1e309',
  '-1',
  '0',
  '-0',
  '9007199254740993',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  'PR_1',
  'PR_4',
  'sandbox',
  'balance',
  '127.0.0.1',
  '::1',
  '10.0.0.0/8',
  'a@b.co',
];

const NASTY_NUMBERS = [
  0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
];

/** Any JSON value, hostile ones first in line. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...NASTY_STRINGS, ...NASTY_NUMBERS, null, true, false) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const numberFor = (schema: JsonSchema): fc.Arbitrary<number> => {
  const min = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
  const max = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
  const bounds = {
    min: Math.max(min ?? -1_000_000, -1e9),
    max: Math.min(max ?? 1_000_000, 1e9),
  };
  const within =
    schema.type === 'integer'
      ? fc.integer({ min: Math.ceil(bounds.min), max: Math.floor(bounds.max) })
      : fc.double({ ...bounds, noNaN: true });
  // The edges and just past them.
  const edges = [min, max, min === undefined ? undefined : min - 1, max === undefined ? undefined : max + 1];
  return fc.oneof(
    { weight: 4, arbitrary: within },
    { weight: 1, arbitrary: fc.constantFrom(0, 1, ...edges.filter((edge) => edge !== undefined)) },
  );
};

const stringFor = (schema: JsonSchema): fc.Arbitrary<string> => {
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 60, 300);
  const minLength = Math.min((schema.minLength as number | undefined) ?? 0, maxLength);
  const options: fc.Arbitrary<string>[] = [fc.string({ minLength, maxLength })];
  if (typeof schema.pattern === 'string') {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)).map((value) => value.slice(0, maxLength)));
    } catch {
      // A pattern fast-check cannot generate from: plain strings only.
    }
  }
  if (schema.format === 'email') options.push(fc.emailAddress());
  if (schema.format === 'uuid') options.push(fc.uuid());
  return fc.oneof(...options);
};

export interface ShapeOptions {
  /** A hostile value in any place now and then. */
  mutate?: boolean;
  /** Values that exist (plan ids, countries, ids of the caller's objects), by property name. */
  hints?: Record<string, unknown[]>;
}

/**
 * Values shaped after a JSON Schema (what zod's `toJSONSchema` gives): of the right type and range, so
 * requests get past validation into the handlers; with `mutate`, a hostile value in any place now and then.
 */
export const shapedValue = (
  schema: JsonSchema | undefined,
  { mutate = true, depth = 0, hints = {} }: ShapeOptions & { depth?: number } = {},
): fc.Arbitrary<unknown> => {
  if (!schema || depth > 4) return hostileValue;
  const exact = (arbitrary: fc.Arbitrary<unknown>) =>
    mutate ? fc.oneof({ weight: 8, arbitrary }, { weight: 1, arbitrary: hostileValue }) : arbitrary;
  const inner = (child: JsonSchema | undefined) => shapedValue(child, { mutate, hints, depth: depth + 1 });
  if (Array.isArray(schema.enum)) return exact(fc.constantFrom(...(schema.enum as unknown[])));
  if ('const' in schema) return exact(fc.constant(schema.const));
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return fc.oneof(...choices.map(inner));
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const entries = Object.entries(properties).map(([key, value]) => [key, inner(value)] as const);
      const record = fc.record(Object.fromEntries(entries), {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
      // A key the schema does not name, sometimes.
      return exact(
        fc
          .tuple(
            record,
            fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', 'id'), hostileValue)),
          )
          .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value)),
      );
    }
    case 'array':
      return exact(
        fc.array(inner(schema.items as JsonSchema | undefined), {
          maxLength: Math.min((schema.maxItems as number | undefined) ?? 5, 12),
        }),
      );
    case 'string':
      return exact(stringFor(schema));
    case 'integer':
    case 'number':
      return exact(numberFor(schema));
    case 'boolean':
      return exact(fc.boolean());
    case 'null':
      return exact(fc.constant(null));
    default:
      return hostileValue;
  }
};

/** A value as it travels in a path or a query string. */
export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** Requests' values after a schema: right in shape, mutated here and there, or hostile through and through. */
export const requestValue = (
  schema: JsonSchema | undefined,
  hints: ShapeOptions['hints'] = {},
): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: shapedValue(schema, { mutate: false, hints }) },
    { weight: 3, arbitrary: shapedValue(schema, { hints }) },
    { weight: 1, arbitrary: hostileValue },
  );

/**
 * One right-shaped value for a schema, the same on every call: `hints` first (by property name), then a value
 * fast-check draws with a fixed seed.
 */
export const exampleOf = (schema: JsonSchema | undefined, hints: Record<string, unknown[]> = {}): unknown => {
  if (schema?.type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    return Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [
        key,
        hints[key]?.length ? hints[key][0] : exampleOf(value),
      ]),
    );
  }
  return fc.sample(shapedValue(schema, { mutate: false }), { numRuns: 1, seed: 42 })[0];
};
