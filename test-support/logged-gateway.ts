import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenForAccessChanges } from '@proxydesk/db';
import { afterAll, beforeAll, expect } from 'vitest';
import { curlThrough } from './curl.js';
import type { RunningGateway } from '../apps/gateway/src/gateway.js';
import type { TestDatabase } from './databases.js';
import { startTestGateway } from './gateway.js';
import { startSite } from './site.js';

/**
 * For a gateway test file (after `useGatewayTestbed({ gateway: false })`): a site on loopback answering `body`, and
 * a gateway writing its access log to a fresh file, with `env` and, when `announced`, re-reading its snapshot on
 * the database's change announcements (NOTIFY). `curl` goes through it to the site; `logged` waits for an access-log entry with the given fields.
 */
export const useLoggedGateway = (
  bed: { database: TestDatabase },
  options: { body?: string; env?: Record<string, string>; announced?: boolean } = {},
) => {
  const logFile = join(mkdtempSync(join(tmpdir(), 'gateway-log-')), 'access.log');
  let site: Awaited<ReturnType<typeof startSite>> | undefined;
  const run = {
    url: '',
    gateway: undefined as unknown as RunningGateway,
    /** `curl` through the gateway to the site (see `curlThrough`). */
    curl: (
      login: { username: string; password: string },
      how?: 'http' | 'connect' | 'socks5',
      from?: string,
    ) => curlThrough(run.gateway.port, run.url, login, how, from),
    /** The access log's entries so far. */
    entries: () =>
      readFileSync(logFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    /** Waits until an entry has every field of `fields` (an undefined field matches any). */
    logged: (fields: Record<string, unknown>, timeout = 5_000) =>
      expect
        .poll(
          () =>
            run
              .entries()
              .some((entry) =>
                Object.entries(fields).every(([key, value]) => value === undefined || entry[key] === value),
              ),
          { timeout },
        )
        .toBe(true),
  };
  beforeAll(async () => {
    site = await startSite(options.body ?? 'ok');
    run.url = site.url;
    run.gateway = await startTestGateway(
      bed.database.db,
      { GATEWAY_ACCESS_LOG: logFile, ...options.env },
      options.announced ? (onChange) => listenForAccessChanges(bed.database, onChange) : undefined,
    );
  });
  afterAll(async () => {
    await run.gateway?.close();
    site?.close();
  });
  return run;
};
