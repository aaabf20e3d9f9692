import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const SETTLE_MS = 5_000;

/** RSS in MB of a Node process that ran `code` (with `flags`) and printed "ready", `SETTLE_MS` later. */
const rssOfProcess = async (flags, code, rssMb) => {
  const child = spawn(process.execPath, [...flags, '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    child.stdout.setEncoding('utf8');
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const deadline = Date.now() + 60_000;
    while (!out.includes('ready')) {
      if (child.exitCode !== null) throw new Error(`the floor's process exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('the floor process did not load within a minute');
      await sleep(100);
    }
    await sleep(SETTLE_MS);
    return rssMb(child.pid);
  } finally {
    const exited = once(child, 'exit');
    child.kill();
    await exited;
  }
};

/** An empty Node process: what no tuning of ours can go below. */
export const emptyNodeRss = (rssMb) =>
  rssOfProcess([], "console.log('ready'); setTimeout(() => {}, 60_000);", rssMb);

/**
 * The API's floor as its code stands (ADR 014): Node with `npm start`'s flags and everything scripts/serve.mjs
 * imports (the API and the gateway, their zod schemas, drizzle, fastify, pg) loaded, nothing started, no connection.
 * What an idle API holds beyond it is its routes, pools and caches; below it only loading less code goes.
 */
export const apiCodeRss = (root, flags, rssMb) =>
  rssOfProcess(
    flags,
    `await import(${JSON.stringify(join(root, 'apps/api/dist/serve.js'))});
     await import(${JSON.stringify(join(root, 'apps/gateway/dist/index.js'))});
     console.log('ready'); setTimeout(() => {}, 60_000);`,
    rssMb,
  );
