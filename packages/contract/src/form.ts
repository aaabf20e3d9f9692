import { z } from './zod.js';

/**
 * An optional select that a form may send empty (issue #19): "" means its default, as if the field were
 * absent. The services read such a field with `||`, never `??`.
 */
export const orEmpty = <T extends z.ZodMiniType>(schema: T) => z.union([z.literal(''), schema]);
