import type { z } from './zod.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: anyone, a signed-in customer, a reseller, a customer signed in with a session
 * token (`session`: account security, never an API key, which reaches the reseller and proxy endpoints only);
 * in the console (`/v1/admin`), the shop's staff (`staff`: operators and support, to read) or operators alone
 * (`operator`: to change things).
 */
export type AccessLevel = 'public' | 'user' | 'reseller' | 'session' | 'staff' | 'operator';

/**
 * One API call, described once: the server route and the web client are both built from it,
 * so paths, methods and shapes cannot drift apart (DESIGN.md §5.6).
 */
export interface Endpoint<
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod;
  /** Path with `:name` parameters, e.g. `/v1/invoice/read/:invoice_id`. */
  path: string;
  summary: string;
  tag: string;
  access: AccessLevel;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
}

export const defineEndpoint = <
  Params extends z.ZodMiniType | undefined = undefined,
  Query extends z.ZodMiniType | undefined = undefined,
  Body extends z.ZodMiniType | undefined = undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
>(
  endpoint: Endpoint<Params, Query, Body, Response>,
) => endpoint;

export type ResponseOf<E extends Endpoint> = z.infer<E['response']>;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined;

/** Fills `:name` parameters of a path. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
