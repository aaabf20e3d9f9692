import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from '@proxydesk/db';
import { collectDefaultMetrics, Registry } from 'prom-client';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Prometheus `GET /metrics` on a port of its own (METRICS_HOST:METRICS_PORT, loopback by default): Node's
 * process figures (CPU, memory, event-loop lag, garbage collection), then the app's once `app` names its
 * registry. Opened first thing at start, so that a port that is taken stops the start at once, with one line
 * naming METRICS_PORT.
 */
export const serveMetrics = async (
  app: () => Registry | undefined,
  { host, port }: { host: string; port: number },
): Promise<MetricsServer> => {
  const processRegistry = new Registry();
  collectDefaultMetrics({ register: processRegistry });
  const scrape = async () => `${await processRegistry.metrics()}${(await app()?.metrics()) ?? ''}`;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return void res.writeHead(404).end();
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
