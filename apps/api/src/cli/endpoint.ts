import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ADMIN_ENDPOINT_FILE, dumpPglite, type Database } from '@proxydesk/db';
import type { FastifyBaseLogger } from 'fastify';
import { commandFor, UsageError } from './commands.js';

/** What `DATA_DIR/admin.json` tells the operator's CLI: where the running shop listens and its secret. */
export interface AdminEndpointFile {
  port: number;
  secret: string;
  pid: number;
}

const MAX_BODY_BYTES = 64 * 1024;

const send = (response: ServerResponse, status: number, body: object) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  let text = '';
  for await (const chunk of request as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > MAX_BODY_BYTES) throw new UsageError('Too many words.');
  }
  return JSON.parse(text) as unknown;
};

const isWords = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((word) => typeof word === 'string');

/**
 * The running shop's door for the operator's CLI on PGlite, where only this process may open the database
 * (DESIGN.md §4: the CLI works while the shop runs). Loopback only, on a port of the system's choice, and
 * every call carries a random secret that only readers of `DATA_DIR/admin.json` (mode 0600) know. It runs
 * the same command functions as the CLI does on a stopped shop, and takes backups between two queries.
 */
export const startAdminEndpoint = async ({
  dataDir,
  database,
  log,
}: {
  dataDir: string;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<{ close(): Promise<void> }> => {
  const secret = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${secret}`);
  const authorized = (header: string | undefined) =>
    header !== undefined &&
    Buffer.byteLength(header) === expected.length &&
    timingSafeEqual(Buffer.from(header), expected);

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (!authorized(request.headers.authorization))
      return send(response, 401, { detail: 'Wrong or missing admin secret.' });
    if (request.method !== 'POST') return send(response, 404, { detail: 'Not found.' });
    if (request.url === '/ping') return send(response, 200, { pid: process.pid });
    if (request.url === '/backup' && database.pglite) {
      const dump = Buffer.from(await (await dumpPglite(database.pglite)).arrayBuffer());
      log.info({ bytes: dump.length }, 'admin: backup taken');
      response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': dump.length });
      return response.end(dump);
    }
    if (request.url !== '/run') return send(response, 404, { detail: 'Not found.' });
    const words = await readBody(request).catch((error: unknown) => error);
    if (!isWords(words)) return send(response, 400, { detail: 'Send the command as a list of words.' });
    let run;
    try {
      run = commandFor(words);
    } catch (error) {
      if (error instanceof UsageError) return send(response, 400, { detail: error.message });
      throw error;
    }
    try {
      const output = await run(database.db);
      log.info({ command: words[0], output }, 'admin: command run');
      return send(response, 200, { output });
    } catch (error) {
      log.warn({ command: words[0], detail: (error as Error).message }, 'admin: command refused');
      return send(response, 422, { detail: (error as Error).message });
    }
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      log.error({ err: error }, 'admin: request failed');
      if (!response.headersSent) send(response, 500, { detail: (error as Error).message });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const file = join(dataDir, ADMIN_ENDPOINT_FILE);
  const content: AdminEndpointFile = {
    port: (server.address() as AddressInfo).port,
    secret,
    pid: process.pid,
  };
  // Written whole under another name first, readable by this user only from the start.
  await rm(`${file}.new`, { force: true });
  await writeFile(`${file}.new`, JSON.stringify(content), { mode: 0o600 });
  await rename(`${file}.new`, file);
  return {
    close: async () => {
      await rm(file, { force: true });
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
};
