import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from '@proxydesk/db';
import type { Readiness } from '@proxydesk/contract';
import { collectDefaultMetrics, Registry } from 'prom-client';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** What the metrics port's `/readyz` says before the app exists: the start is waiting (for the database). */
const STARTING: Readiness = {
  status: 'unavailable',
  checks: { app: { status: 'down', required: true, detail: 'starting: opening and migrating the database' } },
};

/**
 * Prometheus `GET /metrics` on a port of its own (METRICS_HOST:METRICS_PORT, loopback by default): Node's
 * process figures (CPU, memory, event-loop lag, garbage collection), then the app's once `app` names its
 * registry; and `GET /readyz` with every dependency's detail (the public port answers only the bare status).
 * Opened first thing at start, so that a port that is taken stops the start at once, with one line naming
 * METRICS_PORT.
 */
export const serveMetrics = async (
  app: () => Registry | undefined,
  {
    host,
    port,
    readiness = () => undefined,
  }: { host: string; port: number; readiness?: () => (() => Promise<Readiness>) | undefined },
): Promise<MetricsServer> => {
  const processRegistry = new Registry();
  collectDefaultMetrics({ register: processRegistry });
  const scrape = async () => `${await processRegistry.metrics()}${(await app()?.metrics()) ?? ''}`;
  const server = createServer((req, res) => {
    const path = req.method === 'GET' ? req.url?.split('?')[0] : undefined;
    if (path === '/readyz') {
      const report = readiness();
      (report ? report() : Promise.resolve(STARTING)).then(
        (answer) =>
          res
            .writeHead(answer.status === 'ok' ? 200 : 503, {
              'content-type': 'application/json',
              'cache-control': 'no-store',
            })
            .end(JSON.stringify(answer)),
        () => res.writeHead(500).end(),
      );
      return;
    }
    if (path !== '/metrics') return void res.writeHead(404).end();
    scrape().then(
      (text) => res.writeHead(200, { 'content-type': processRegistry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(
              `METRICS_PORT ${port} on ${host} is in use by another program: set METRICS_PORT to a free port (0 picks one, off serves no metrics).`,
            )
          : error,
      ),
    );
    server.listen({ host, port }, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
};
