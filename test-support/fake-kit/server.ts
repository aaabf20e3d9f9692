import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The kit every fake provider is built from (DESIGN.md §5 item 10): here the server on 127.0.0.1, reading a
 * request and answering JSON; `page.ts` the small hosted pages, `webhooks.ts` signing and delivering
 * webhooks, `text.ts` made-up ids and values in error messages. Each fake keeps only what its provider
 * does differently.
 */

/** Sends a JSON answer; each fake may wrap it with its provider's own headers. */
export type SendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
) => void;

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  { headers = {}, indent }: { headers?: Record<string, string>; indent?: number } = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body, null, indent));
};

/** A provider's way of answering JSON: its own headers (made anew for each answer) and indentation. */
export const jsonAnswers =
  ({ headers, indent }: { headers: () => Record<string, string>; indent?: number }): SendJson =>
  (res, status, body, extra = {}) =>
    sendJson(res, status, body, { headers: { ...headers(), ...extra }, indent });

/** An error answer a fake's route throws: the status, the provider's own error body, and any headers. */
export class FakeAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`the fake answers ${status}`);
  }
}

/** A fake provider listening on a free port of 127.0.0.1. */
export interface FakeServer {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  close: () => Promise<void>;
}

/**
 * Serves a fake provider on a free port of 127.0.0.1. A `FakeAnswer` thrown by the handler is sent with
 * `send` (the provider's JSON); anything else answers 500 with the provider's own error shape
 * (`internalError`), or drops the connection once headers are out.
 */
export const serveFake = async (
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  {
    internalError,
    send = (res, status, body, headers) => sendJson(res, status, body, { headers }),
  }: { internalError: (error: unknown) => unknown; send?: SendJson },
): Promise<FakeServer> => {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof FakeAnswer) return send(res, error.status, error.body, error.headers);
      sendJson(res, 500, internalError(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};

export const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** What our server sent to a fake, as the fake keeps it (in order) for a test to look at. */
export interface FakeRequest<Query, Body> {
  method: string;
  /** The path without the query string. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  query?: Query;
  /** The decoded body of a POST. */
  body?: Body;
}

/** A request as the fakes read it: its URL, method, headers (lower-case names, one string each) and raw body. */
export interface ReadRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  raw: string;
}

export const readRequest = async (req: IncomingMessage): Promise<ReadRequest> => {
  const method = req.method ?? 'GET';
  const headers = Object.fromEntries(
    Object.entries(req.headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );
  const raw = method === 'GET' ? '' : await readBody(req);
  return { url: new URL(req.url ?? '/', 'http://fake'), method, headers, raw };
};
