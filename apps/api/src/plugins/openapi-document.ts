import { sample } from 'openapi-sampler';
import { EXAMPLES, NUMBER_EXAMPLES } from './openapi-examples.js';

/**
 * What makes the generated OpenAPI document one people generate clients from (issue #32, ADR 017): a stable
 * `operationId` per operation, security declared on every operation (public ones explicitly `[]`), the error
 * answers listed, examples on bodies and answers, and no component nobody refers to.
 */

type Json = Record<string, unknown>;

const camel = (segment: string) => segment.replace(/[-_.]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase());

/**
 * `POST /v1/invoice/create` → `invoice.create`; a path parameter reads `by<Name>`, so
 * `GET /v1/invoice/read/{invoice_id}` → `invoice.read.byInvoiceId`; a PUT, PATCH or DELETE whose path does not
 * say its verb gets the method after it: `DELETE /v1/admin/faqs/{id}` → `admin.faqs.byId.delete`.
 * Derived from the path, so it is stable as long as the path is (and the path is SPEC.md's contract).
 */
export const operationIdOf = (method: string, url: string): string => {
  const parts = url
    .replace(/^\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^[:{]([^}]+)}?$/.exec(part)?.[1];
      if (param) return camel(`by_${param}`);
      return camel(part.replace(/\.csv$/, '_csv'));
    });
  const verb = method.toLowerCase();
  const saysVerb = verb === 'get' || verb === 'post' || parts.some((part) => part.startsWith(verb));
  return saysVerb ? parts.join('.') : [...parts, verb].join('.');
};

/**
 * Per operation, before fastify-swagger writes it: its id, security declared (a public operation explicitly
 * none) and the error answer `{ detail }` listed, `errorSchema` where the route names none.
 */
export const describeOperation = (schema: Json, method: string, url: string, errorSchema: unknown): Json => {
  const { ['4xx']: lower, ['4XX']: upper, ...answers } = (schema.response as Json | undefined) ?? {};
  return {
    ...schema,
    operationId: operationIdOf(method, url),
    security: schema.security ?? [],
    response: { ...answers, '4XX': lower ?? upper ?? errorSchema },
  };
};

const walk = (node: unknown, visit: (value: Json) => void): void => {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (node && typeof node === 'object') {
    visit(node as Json);
    for (const value of Object.values(node)) walk(value, visit);
  }
};

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/** Removes schemas nothing refers to (zod's input twins of answers), until none is left unreferenced. */
const dropUnusedSchemas = (document: Json): void => {
  const components = document.components as Json;
  const schemas = components.schemas as Record<string, unknown>;
  for (;;) {
    const used = new Set<string>();
    const others = Object.entries(components).filter(([kind]) => kind !== 'schemas');
    walk([document.paths, others], (node) => {
      if (typeof node.$ref === 'string') used.add(refName(node.$ref));
    });
    // A schema used by a used schema is used.
    let grew = true;
    while (grew) {
      grew = false;
      for (const name of [...used]) {
        walk(schemas[name], (node) => {
          if (typeof node.$ref === 'string' && !used.has(refName(node.$ref))) {
            used.add(refName(node.$ref));
            grew = true;
          }
        });
      }
    }
    const unused = Object.keys(schemas).filter((name) => !used.has(name));
    if (unused.length === 0) return;
    for (const name of unused) delete schemas[name];
  }
};

/** OpenAPI 3.0 wants a `type` beside `nullable`: a nullable composition takes its branches' type when they share one. */
const typeNullableReferences = (document: Json): void => {
  const schemas = (document.components as Json).schemas as Record<string, Json>;
  const typeOf = (branch: Json): unknown =>
    typeof branch.$ref === 'string' ? schemas[refName(branch.$ref)]?.type : branch.type;
  walk(document, (node) => {
    if (node.nullable !== true || node.type !== undefined) return;
    const branches = ((node.allOf ?? node.anyOf ?? node.oneOf) as Json[] | undefined) ?? [];
    const types = new Set(branches.map(typeOf));
    const [only] = types;
    if (types.size === 1 && typeof only === 'string') node.type = only;
  });
};

const withExample = (media: Json | undefined, document: Json): void => {
  if (!media?.schema || media.example !== undefined || media.examples !== undefined) return;
  media.example = sample(media.schema, { skipReadOnly: true, quiet: true }, document);
};

/** A plain string schema (no enum, no format) that `value` satisfies: pattern and lengths. */
const fitsString = (schema: Json, value: string): boolean =>
  schema.type === 'string' &&
  !schema.enum &&
  !schema.format &&
  (typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value)) &&
  value.length >= ((schema.minLength as number | undefined) ?? 0) &&
  value.length <= ((schema.maxLength as number | undefined) ?? Infinity);

/** The named example when it is within the schema's bounds, else the value of the bounds nearest 1. */
const numberFor = (name: string, schema: Json): number => {
  const low = (schema.minimum as number | undefined) ?? -Infinity;
  const high = (schema.maximum as number | undefined) ?? Infinity;
  const named = NUMBER_EXAMPLES[name];
  const fits = named !== undefined && named >= low && named <= high;
  if (fits && (schema.type === 'number' || Number.isInteger(named))) return named;
  return Math.min(Math.max(1, low), high);
};

/** Known property names get a telling example (see `EXAMPLES`) where their schema has no example, enum or format. */
const nameExamples = (document: Json): void => {
  walk(document, (node) => {
    const properties = node.properties as Record<string, Json> | undefined;
    if (!properties || typeof properties !== 'object') return;
    for (const [name, property] of Object.entries(properties)) {
      if (property.example !== undefined) continue;
      const example = EXAMPLES[name];
      if (typeof example === 'string' && fitsString(property, example)) property.example = example;
      if (property.type === 'integer' || property.type === 'number')
        property.example = numberFor(name, property);
    }
  });
};

/** An example on every JSON body and answer, drawn from its schema (formats, enums and defaults honoured). */
const addExamples = (document: Json): void => {
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(item)) {
      const body = operation.requestBody as Json | undefined;
      withExample((body?.content as Json | undefined)?.['application/json'] as Json | undefined, document);
      for (const answer of Object.values((operation.responses as Record<string, Json>) ?? {})) {
        withExample((answer.content as Json | undefined)?.['application/json'] as Json | undefined, document);
      }
    }
  }
};

/** Two methods on one path that derived one id: all but the read get their method after it. */
const uniqueOperationIds = (document: Json): void => {
  const seen = new Map<string, number>();
  const operations = Object.values(document.paths as Record<string, Record<string, Json>>).flatMap((item) =>
    Object.entries(item),
  );
  for (const [, operation] of operations) {
    const id = operation.operationId as string;
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  for (const [method, operation] of operations) {
    const id = operation.operationId as string;
    if ((seen.get(id) ?? 0) > 1 && method !== 'get') operation.operationId = `${id}.${method}`;
  }
};

/** Every signed-in POST takes an `Idempotency-Key` (plugins/idempotency.ts). */
const idempotencyHeaders = (document: Json): void => {
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    const post = item.post;
    if (!post || !Array.isArray(post.security) || post.security.length === 0) continue;
    post.parameters = [
      ...((post.parameters as Json[] | undefined) ?? []),
      {
        in: 'header',
        name: 'Idempotency-Key',
        required: false,
        description:
          'Sent again with the same request within 24 hours, answers the first answer again and does nothing twice',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        example: 'c0ffee00-1234-4abc-9def-000000000001',
      },
    ];
  }
};

/** After fastify-swagger assembled the document. */
export const tidyDocument = (document: Json): Json => {
  uniqueOperationIds(document);
  idempotencyHeaders(document);
  dropUnusedSchemas(document);
  typeNullableReferences(document);
  nameExamples(document);
  addExamples(document);
  return document;
};
