import { z } from './zod.js';

/**
 * An object schema under its own name in the OpenAPI document (`#/components/schemas/<id>`): the name first, then
 * the fields, in one call instead of `z.object({ ... }).check(z.meta({ id }))`.
 */
export const namedObject = <S extends Record<string, z.ZodMiniType>>(id: string, shape: S) =>
  z.object(shape).check(z.meta({ id }));
