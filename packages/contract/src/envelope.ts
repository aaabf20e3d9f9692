import { z } from 'zod';

/** Every error answer: `{ "detail": "..." }` (DESIGN.md §2). */
export const errorSchema = z.object({ detail: z.string() }).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorSchema>;

/** A success answer carrying a payload, with an optional human message. */
export const withPayload = <T extends z.ZodType>(payload: T) =>
  z.object({ detail: z.string().optional(), payload });

/** A success answer that only carries a message. */
export const detailOnly = z.object({ detail: z.string() });

/** A paged list: `{ count, next, results }`, `next` an absolute URL or null. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), results: z.array(item) });

export const PAGE_SIZE = 10;
