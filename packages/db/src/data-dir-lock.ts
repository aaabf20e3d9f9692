import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A fatal start-up problem with a one-line explanation of what to do. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** What a damaged database folder or table calls for: the last backup, never "delete it". */
export const RESTORE_ADVICE =
  'restore the last backup with `npm run admin -- restore <file> --force` (it keeps this folder aside), or ask for help before changing anything in it';

/** The lock file in a data folder: the pid of the process that holds it, then the folder's own path. */
export const LOCK_FILE = 'proxydesk.pid';
/** Where a running shop tells the operator's CLI how to reach it (port and secret, mode 0600). */
export const ADMIN_ENDPOINT_FILE = 'admin.json';

/** Is a process with this pid running (ours to signal or not)? */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Directories this process holds, so a second open inside one process is refused too. */
const held = new Set<string>();

/** Reads a lock file: the pid, and (since the lock names its folder) the folder it was taken in. */
const readOwner = (file: string): { pid: number; dir: string | undefined } => {
  const [pid, dir] = readFileSync(file, 'utf8').split('\n');
  return { pid: Number.parseInt(pid ?? '', 10), dir: dir?.trim() || undefined };
};

const ensureFolder = (dir: string): string => {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return realpathSync(dir);
  } catch (error) {
    throw new StartupError(
      `DATA_DIR ${dir} cannot be used (${(error as Error).message}): give the user running ProxyDesk read and write access to it, or set DATA_DIR to another folder.`,
    );
  }
};

/**
 * PGlite is a single-process database: two processes on one data directory corrupt it.
 * Takes `<dir>/proxydesk.pid` exclusively, writing this process's pid and the folder's real path; a lock
 * left by a dead process is taken over. A lock whose live process holds another folder means this folder
 * is a copy made while that process ran. Returns the release function.
 */
export const lockDataDir = (dir: string): (() => void) => {
  const key = ensureFolder(dir);
  if (held.has(key)) throw new StartupError(`DATA_DIR ${dir} is already open in this process.`);
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n${key}\n`, { flag: 'wx' });
      held.add(key);
      return () => {
        held.delete(key);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      const live =
        Number.isInteger(owner.pid) &&
        isAlive(owner.pid) &&
        // A lock naming this process is left from an earlier life, unless it names a folder this process holds.
        (owner.pid !== process.pid || (owner.dir !== undefined && held.has(owner.dir)));
      if (live && owner.dir !== undefined && owner.dir !== key) {
        throw new StartupError(
          `DATA_DIR ${dir} was copied from ${owner.dir} while ProxyDesk (pid ${owner.pid}) ran on it, so it may be inconsistent: take a consistent copy with \`npm run admin -- backup <file>\` there and \`npm run admin -- restore <file> --force\` here.`,
        );
      }
      if (live) {
        throw new StartupError(
          `DATA_DIR ${dir} is in use by another ProxyDesk process (pid ${owner.pid}): stop it, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new StartupError(`Could not lock DATA_DIR ${dir}: remove ${file} and start again.`);
};
