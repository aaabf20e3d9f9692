import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { accepts } from '../proxies/processes.mjs';
import { PORTS } from './options.mjs';

export const HAPROXY = '/usr/sbin/haproxy';

/**
 * HAProxy in front of the cluster, as an operator would run it: HTTP to the API instances (health-checked
 * every second on `healthPath`, a refused connection retried on the other instance, and all of them used
 * unchecked when none is ready), TCP to the gateways (health-checked on their metrics port), and a statistics
 * page the bench reads server states from.
 */
export const haproxyConfig = (healthPath) =>
  [
    'global',
    '  maxconn 4096',
    'defaults',
    '  timeout connect 2s',
    '  timeout client 130s',
    '  timeout server 130s',
    '  timeout check 2s',
    '  retries 3',
    '  option redispatch 1',
    '  default-server inter 1s fall 2 rise 2',
    'frontend shop',
    '  mode http',
    `  bind 127.0.0.1:${PORTS.shop}`,
    '  option forwardfor',
    '  default_backend apis',
    'backend apis',
    '  mode http',
    '  balance roundrobin',
    '  option allbackups',
    '  timeout server 30s',
    `  option httpchk GET ${healthPath}`,
    '  http-check expect status 200',
    ...PORTS.apis.map((port, i) => `  server api-${i + 1} 127.0.0.1:${port} check`),
    // When no instance is ready (the database is away), requests still reach them unchecked, so that customers
    // read the shop's own 503 {detail} rather than HAProxy's page; a dead one is retried on the other.
    ...PORTS.apis.map((port, i) => `  server api-${i + 1}-unready 127.0.0.1:${port} backup`),
    'frontend proxies',
    '  mode tcp',
    `  bind 127.0.0.1:${PORTS.gateway}`,
    '  default_backend gateways',
    'backend gateways',
    '  mode tcp',
    '  balance leastconn',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    ...PORTS.gateways.map(
      (port, i) => `  server gateway-${i + 1} 127.0.0.1:${port} check port ${PORTS.gatewayMetrics[i]}`,
    ),
    'listen stats',
    '  mode http',
    `  bind 127.0.0.1:${PORTS.stats}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');

/** HAProxy in the foreground with the config written to `logDir`. */
export const startHaproxy = (fleet, logDir, healthPath) => {
  const file = join(logDir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(healthPath));
  return fleet.start('haproxy', HAPROXY, ['-db', '-f', file], {
    env: {},
    ready: async () => (await accepts(PORTS.shop)) && (await accepts(PORTS.gateway)),
  });
};

/** Each server's state (`UP`, `DOWN`, …) by name, from the statistics page's CSV. */
const serverStates = () =>
  new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port: PORTS.stats, path: '/stats;csv', timeout: 2000 },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const rows = text.split('\n').map((line) => line.split(','));
          const header = rows[0] ?? [];
          const name = header.indexOf('svname');
          const status = header.indexOf('status');
          const states = new Map();
          for (const row of rows.slice(1)) {
            if (row[name] && !['FRONTEND', 'BACKEND'].includes(row[name])) states.set(row[name], row[status]);
          }
          resolve(states);
        });
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(new Map()));
  });

/**
 * Follows HAProxy's view of every server, every 250 ms: `changes` lists each state change with its time
 * (a server taken out after the kill, both API instances out while the database is away, …).
 */
export const watchServers = (clock) => {
  const last = new Map();
  const changes = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      for (const [name, state] of await serverStates()) {
        const simple = state.split(' ')[0];
        if (last.has(name) && last.get(name) !== simple) changes.push({ at: clock(), name, state: simple });
        last.set(name, simple);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    changes,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
};
