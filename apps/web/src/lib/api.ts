import { buildPath, type Endpoint, type z } from '@proxydesk/contract';
import { appUrl } from './app-paths';
import { clearToken, readToken } from './token';

/** A failed call: the HTTP status (0 when the server was not reached) and the server's `detail`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly payload?: unknown,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** What a call says when the server cannot be reached. */
const UNREACHABLE = 'Cannot reach the server. Check your connection and try again.';

/**
 * Calls kept in a chunk of their own, loaded on first use so a page's first load does not carry their schemas
 * (ADR 003): not getting the chunk is not reaching the server.
 */
export const loadCalls = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch(() => {
    throw new ApiError(0, UNREACHABLE);
  });

type Input<T> = T extends z.ZodMiniType ? z.input<T> : undefined;

export interface CallOptions<E extends Endpoint> {
  params?: Record<string, string | number>;
  query?: Input<E['query']>;
  body?: Input<E['body']>;
  signal?: AbortSignal;
}

/** Signed out by the server: forget the token and start again at the sign-in page (SPEC.md §4). */
const onUnauthorized = () => {
  clearToken();
  window.location.assign(appUrl('/'));
};

/**
 * Calls a contract endpoint: same method, path and schemas as the server route, the bearer token
 * attached, the answer parsed with the endpoint's response schema.
 */
export const call = async <E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<z.output<E['response']>> => {
  const token = readToken();
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${buildPath(endpoint.path, options.params)}${search}`, {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE);
  }

  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && token && endpoint.access !== 'public') onUnauthorized();
    const body = (data ?? {}) as { detail?: unknown; payload?: unknown };
    const detail = typeof body.detail === 'string' ? body.detail : `Request failed (${response.status})`;
    throw new ApiError(response.status, detail, body.payload);
  }
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success)
    throw new ApiError(response.status, 'The server sent an answer this page does not understand.');
  return parsed.data as z.output<E['response']>;
};
