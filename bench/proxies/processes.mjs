import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port free right now on 127.0.0.1, for a child process to listen on. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
export const accepts = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces), or undefined once it is gone. */
const statFields = (pid) => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
};

/** `pid` and every live descendant, as { pid, start } (start time tells a reused pid apart). */
export const processTree = (pid) => {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(name);
    if (!fields) continue;
    const parent = Number(fields[1]);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(name));
  }
  const tree = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift();
    const fields = statFields(next);
    if (!fields) continue;
    tree.push({ pid: next, start: fields[19] });
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
};

/**
 * CPU milliseconds (user + system) of `pid` and its descendants so far. Children that already exited and
 * were reaped count through their parent's cutime/cstime, so a helper that ends mid-run is not lost.
 */
export const treeCpuMs = (pid) => {
  let ticks = 0;
  for (const { pid: member } of processTree(pid)) {
    const fields = statFields(member);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
};

/** The last `limit` characters a child wrote, to explain a failed start. */
const tail = (limit = 2000) => {
  let text = '';
  return {
    add: (chunk) => {
      text = (text + String(chunk)).slice(-limit);
    },
    text: () => text.trim(),
  };
};

/**
 * Spawns a long-running child (a proxy, the target) and returns it with `stop()`, which ends it and every
 * process it forked: SIGTERM, then SIGKILL after `graceMs`, then SIGKILL to descendants left behind.
 */
export const launch = (command, args, { env, cwd, graceMs = 3000 } = {}) => {
  const output = tail();
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', output.add);
  child.stderr.on('data', output.add);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  child.once('error', (error) => output.add(`${error.message}\n`));

  const stop = async () => {
    const family = child.pid ? processTree(child.pid).slice(1) : [];
    if (running()) {
      child.kill('SIGTERM');
      if ((await Promise.race([exited.then(() => true), sleep(graceMs)])) !== true) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    for (const { pid, start } of family) {
      // Only the processes seen in the tree above, and only if the pid still names the same process.
      if (statFields(pid)?.[19] === start) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  };
  return { child, pid: child.pid, running, output: output.text, stop };
};

/** Waits until `ready()` holds; fails when the process exits first or after `ms`. */
export const waitUntilReady = async (started, ready, what, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!started.running()) throw new Error(`${what} exited at start: ${started.output() || 'no output'}`);
    if (await ready()) return;
    await sleep(50);
  }
  throw new Error(`${what} not ready after ${ms} ms: ${started.output() || 'no output'}`);
};

/**
 * A baseline proxy (squid, dante) run from a temporary folder of its own: `prepare(dir, port)` writes its
 * configuration and answers the started process; this waits for the port, and the folder goes when the proxy
 * stops or fails to start.
 */
export const startInFolder = async (name, prefix, prepare) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let started;
  try {
    const port = await freePort();
    started = prepare(dir, port);
    await waitUntilReady(started, () => accepts(port), name);
    return {
      name,
      port,
      pid: started.pid,
      stop: async () => {
        await started.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await started?.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
};
