import { defineEndpoint, type AccessLevel } from './endpoint.js';
import { withPayload } from './envelope.js';
import type { z } from './zod.js';

/**
 * The reads of one family of endpoints: GET `path`, no parameters, answered `{ payload }`. The family names its
 * docs tag and who may call it once (`const read = readOf('user', 'user')`); each read names its path, summary
 * and payload.
 */
export const readOf =
  (tag: string, access: AccessLevel) =>
  <T extends z.ZodMiniType>(path: string, summary: string, payload: T) =>
    defineEndpoint({ method: 'GET', path, summary, tag, access, response: withPayload(payload) });
