import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A fatal start-up problem with a one-line explanation of what to do. */
export class StartupError extends Error {
  override name = 'StartupError';
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Directories this process holds, so a second open inside one process is refused too. */
const held = new Set<string>();

/**
 * PGlite is a single-process database: two processes on one data directory corrupt it.
 * Takes `<dir>/proxydesk.pid` exclusively; a lock left by a dead process is taken over.
 * Returns the release function.
 */
export const lockDataDir = (dir: string): (() => void) => {
  const key = resolve(dir);
  if (held.has(key)) throw new StartupError(`DATA_DIR ${dir} is already open in this process.`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'proxydesk.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(key);
      return () => {
        held.delete(key);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      // A pid file naming this process but not held by it is left from an earlier life: stale.
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new StartupError(
          `DATA_DIR ${dir} is in use by another ProxyDesk process (pid ${owner}): stop it, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new StartupError(`Could not lock DATA_DIR ${dir}: remove ${file} and start again.`);
};
