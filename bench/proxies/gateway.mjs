import { existsSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { freshDatabase, onServer } from '../fresh-database.mjs';
import { freePort, launch, waitUntilReady } from './processes.mjs';

export const GATEWAY_SCRIPT = 'apps/gateway/dist/server.js';
const DATABASE_NAME = 'proxydesk_bench_gateway';

const PROXY_USERNAME = 'ubench0000001';
/** What every proxy of the benchmark authenticates with: the customer's proxy username + the ISP product's suffix. */
export const BENCH_CREDENTIALS = { username: `${PROXY_USERNAME}-isp`, password: 'benchsecret123' };

/** Drops the gateway's benchmark database (at the end of the run, whatever happened). */
export const dropGatewayDatabase = (serverUrl) =>
  onServer(serverUrl, `drop database if exists ${DATABASE_NAME} with (force)`);

/**
 * A fresh database beside `serverUrl`'s with one customer who has an active ISP plan of 100,000 GB: what the
 * gateway needs to let BENCH_CREDENTIALS through.
 */
export const prepareGatewayDatabase = (serverUrl) =>
  freshDatabase(serverUrl, DATABASE_NAME, async (db, schema) => {
    const [user] = await db
      .insert(schema.users)
      .values({
        username: 'bench_gateway',
        email: 'bench_gateway@example.com',
        emailVerified: true,
        referralCode: 'BENCHGW1',
        proxyUsername: PROXY_USERNAME,
        proxyPassword: BENCH_CREDENTIALS.password,
      })
      .returning();
    const [invoice] = await db
      .insert(schema.invoices)
      .values({
        userId: user.id,
        kind: 'plan',
        planName: 'ISP bench',
        listPriceCents: 100,
        priceCents: 100,
        proxyType: 'PR_2',
        paymentMethod: 'sandbox',
        paid: true,
        paidAt: new Date(),
      })
      .returning();
    await db.insert(schema.customerPlans).values({
      userId: user.id,
      invoiceId: invoice.id,
      productType: 'PR_2',
      planName: 'ISP bench',
      status: 'active',
      dataGb: 100_000,
      durationHours: 720,
      activatedAt: new Date(),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
  });

/** Is /healthz of the metrics port answering 200 (within 2 s)? */
const healthy = (metricsPort) =>
  new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port: metricsPort, path: '/healthz', timeout: 2000 },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });

export const gatewayBuilt = (root) => existsSync(join(root, GATEWAY_SCRIPT));

/**
 * The built gateway (`node apps/gateway/dist/server.js`) on free ports of 127.0.0.1, metering on or off, with
 * `env` on top of the benchmark's settings.
 */
export const startGateway = async ({
  root,
  databaseUrl,
  metering,
  script = GATEWAY_SCRIPT,
  env: extra = {},
}) => {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(port),
    GATEWAY_METRICS_PORT: String(metricsPort),
    // The benchmark's target listens on 127.0.0.1, which a production gateway refuses to reach.
    GATEWAY_ALLOW_PRIVATE_TARGETS: 'true',
    GATEWAY_METERING: String(metering),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    ...extra,
  };
  const started = launch(process.execPath, [join(root, script)], { cwd: root, env });
  try {
    await waitUntilReady(
      started,
      () => healthy(metricsPort),
      `gateway (metering ${metering ? 'on' : 'off'})`,
    );
  } catch (error) {
    await started.stop();
    throw error;
  }
  return {
    name: `gateway, metering ${metering ? 'on' : 'off'}`,
    port,
    metricsPort,
    pid: started.pid,
    output: started.output,
    stop: started.stop,
  };
};
