import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: anyone, a signed-in customer, or a reseller. */
export type AccessLevel = 'public' | 'user' | 'reseller';

/**
 * One API call, described once: the server route and the web client are both built from it,
 * so paths, methods and shapes cannot drift apart (DESIGN.md §5.6).
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
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
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(
  endpoint: Endpoint<Params, Query, Body, Response>,
) => endpoint;

export type ResponseOf<E extends Endpoint> = z.infer<E['response']>;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** Fills `:name` parameters of a path. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
