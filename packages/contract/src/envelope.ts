import { namedObject } from './named-object.js';
import { z } from './zod.js';

/** Every error answer: `{ "detail": "..." }` (DESIGN.md §2); a 422 also carries `payload.email`. */
export const errorSchema = namedObject('Error', { detail: z.string(), payload: z.optional(z.unknown()) });
export type ErrorBody = z.infer<typeof errorSchema>;

/** A success answer carrying a payload, with an optional human message. */
export const withPayload = <T extends z.ZodMiniType>(payload: T) =>
  z.object({ detail: z.optional(z.string()), payload });

/** A success answer that only carries a message. */
export const detailOnly = z.object({ detail: z.string() });

/** A paged list's `?page=`: 1 and up (none: the first). */
export const pageQuery = z.optional(z.pipe(z.coerce.number(), z.int().check(z.positive(), z.lte(100_000))));

/** A paged list: `{ count, next, results }`, `next` an absolute URL or null. */
export const paged = <T extends z.ZodMiniType>(item: T) =>
  z.object({ count: z.int(), next: z.nullable(z.string()), results: z.array(item) });

export const PAGE_SIZE = 10;
