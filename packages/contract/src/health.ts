import { z } from './zod.js';

/** `GET /healthz`: the process answers (liveness); names the kind of database it runs on. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof healthSchema>;

/**
 * One dependency as `GET /readyz` sees it: `up`, `down`, `unknown` (nothing to judge by yet, e.g. no mail
 * sent since the start) or `not configured`. `required` ones make the instance unready when down.
 */
export const READINESS_STATES = ['up', 'down', 'unknown', 'not configured'] as const;
export const readinessCheckSchema = z.object({
  status: z.enum(READINESS_STATES),
  required: z.boolean(),
  /** One line for the operator: what was seen and when. */
  detail: z.optional(z.string()),
});
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/**
 * `GET /readyz`: 200 `ok` when every required dependency is up, 503 `unavailable` otherwise. The public port
 * answers the bare status; `checks` (each dependency, its latency, the gateway, the snapshot's age) only go to
 * the metrics port and to clients on loopback (ADR 013).
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.optional(z.record(z.string(), readinessCheckSchema)),
});
export type Readiness = z.infer<typeof readinessSchema>;
