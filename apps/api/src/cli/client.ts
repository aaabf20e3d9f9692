import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_ENDPOINT_FILE, isAlive } from '@proxydesk/db';
import { UsageError } from './commands.js';
import type { AdminEndpointFile } from './endpoint.js';

/** The running shop, as the operator's CLI reaches it (endpoint.ts). */
export interface RunningShop {
  pid: number;
  run(words: string[]): Promise<string>;
  backup(): Promise<Uint8Array>;
}

const readEndpointFile = async (dataDir: string): Promise<AdminEndpointFile | undefined> => {
  try {
    return JSON.parse(await readFile(join(dataDir, ADMIN_ENDPOINT_FILE), 'utf8')) as AdminEndpointFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Cannot read ${join(dataDir, ADMIN_ENDPOINT_FILE)} (${(error as Error).message}).`);
  }
};

/**
 * The shop running on this DATA_DIR, if one answers at the address its `admin.json` gives; undefined when
 * none runs (no file, or one left by a shop that is gone).
 */
export const findRunningShop = async (dataDir: string): Promise<RunningShop | undefined> => {
  const endpoint = await readEndpointFile(dataDir);
  if (!endpoint || !isAlive(endpoint.pid)) return undefined;
  const call = (path: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${endpoint.port}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? null),
    });
  const failure = async (response: Response) => {
    const { detail } = (await response.json().catch(() => ({}))) as { detail?: string };
    const message = detail ?? `The running shop answered ${response.status}.`;
    return response.status === 400 ? new UsageError(message) : new Error(message);
  };
  try {
    const ping = await call('/ping');
    if (!ping.ok) throw await failure(ping);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return undefined;
    throw error;
  }
  return {
    pid: endpoint.pid,
    run: async (words) => {
      const response = await call('/run', words);
      if (!response.ok) throw await failure(response);
      return ((await response.json()) as { output: string }).output;
    },
    backup: async () => {
      const response = await call('/backup');
      if (!response.ok) throw await failure(response);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
};
