import { buildPath, type Endpoint, type z } from '@proxydesk/contract';
import { appUrl } from './app-paths';
import { takeFirstAnswer } from './first-answers';
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
/** What a call says when the answer is not the shape the contract gives it. */
const NOT_UNDERSTOOD = 'The server sent an answer this page does not understand.';

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

/** Asks the API; a failed answer is thrown as an ApiError with the server's detail. */
const send = async <E extends Endpoint>(
  url: string,
  endpoint: Pick<E, 'method' | 'access'>,
  token: string | null,
  options: CallOptions<E>,
): Promise<unknown> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
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
  return data;
};

/**
 * Calls a contract endpoint: same method, path and schemas as the server route, the bearer token
 * attached, the answer parsed with the endpoint's response schema. A GET the server already answered in the
 * page (lib/first-answers.ts) is not asked again.
 */
export const call = async <E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<z.output<E['response']>> => {
  const token = readToken();
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const url = `${buildPath(endpoint.path, options.params)}${search}`;
  const written = endpoint.method === 'GET' ? takeFirstAnswer(url, token) : undefined;
  const data = written ?? (await send(url, endpoint, token, options));
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) throw new ApiError(200, NOT_UNDERSTOOD);
  return parsed.data as z.output<E['response']>;
};

type Payload<E extends Endpoint> = z.output<E['response']> extends { payload: infer P } ? P : never;

/**
 * A query's `queryFn` for one endpoint: the call made with the query's abort signal, its answer's `payload`
 * kept (`queryFn: payloadOf(proxyEndpoints.pool)`).
 */
export const payloadOf =
  <E extends Endpoint>(endpoint: E, options: Omit<CallOptions<E>, 'signal'> = {}) =>
  async ({ signal }: { signal: AbortSignal }): Promise<Payload<E>> =>
    ((await call(endpoint, { ...options, signal })) as { payload: Payload<E> }).payload;

/**
 * A public list (`{ payload: [...] }`, contract's `publicList`) read without the endpoint's zod schema, so a
 * signed-out page's first load does not carry zod (ADR 003, issue #33 item 8): the server checks the answer
 * against the schema as it sends it (its serializer), and here only the envelope is checked. A written answer
 * (lib/first-answers.ts) is taken as `call` takes it.
 */
export const readPublicList = async <T>(path: string, signal?: AbortSignal): Promise<T[]> => {
  const token = readToken();
  const data =
    takeFirstAnswer(path, token) ??
    (await send(path, { method: 'GET', access: 'public' }, token, { signal }));
  const payload = (data as { payload?: unknown } | null | undefined)?.payload;
  if (!Array.isArray(payload)) throw new ApiError(200, NOT_UNDERSTOOD);
  return payload as T[];
};
