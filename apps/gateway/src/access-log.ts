import { once } from 'node:events';
import { pino } from 'pino';

/** One finished connection: who, from where, to where, how much, how long, and how it ended. */
export interface AccessEntry {
  /** When the connection was accepted (ISO 8601, UTC). */
  time: string;
  /** The customer's user id; absent when refused before the gateway knew who it was. */
  customer?: string;
  product?: string;
  /** The customer's sub-user whose line it was (issue #31). */
  subuser?: string;
  /** Address of the customer's client. */
  source: string;
  /** `host:port` asked for, when the request got that far. */
  target?: string;
  /** The address the connection left from (the one the target saw, unless chained through an upstream). */
  egress?: string;
  protocol: string;
  /** Bytes from the customer to the target, and back. */
  up: number;
  down: number;
  durationMs: number;
  /** `ok`, or why it was refused (`credentials`, `payment`, `target`, `unreachable`, …). */
  outcome: string;
  reason?: string;
}

export interface AccessLog {
  write(entry: AccessEntry): void;
  /** Lines dropped since the start because the disk (or stdout's reader) fell too far behind. */
  dropped(): number;
  close(): Promise<void>;
}

/** Lines are gathered until this much is waiting, then written in one go. */
const BATCH_BYTES = 8 * 1024;
/** What may wait in memory for a slow disk before lines are dropped (and counted). */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * The gateway's access log (issue #14 §5): one JSON line per finished connection, to stdout (`stdout`, the
 * default) or appended to a file, never blocking the data path: lines are buffered and written by the
 * thread pool, many at a time when busy. SIGHUP reopens the file, for log rotation by renaming.
 */
export const openAccessLog = (setting: string): AccessLog | undefined => {
  if (setting === 'off') return undefined;
  const toFile = setting !== 'stdout';
  const destination = pino.destination({
    dest: toFile ? setting : 1,
    append: true,
    mkdir: true,
    sync: false,
    // Written a few dozen lines at a time (a write per line cost a sixth of a short tunnel's CPU), and at
    // least every second when quiet.
    minLength: BATCH_BYTES,
    periodicFlush: 1000,
    maxLength: MAX_BUFFERED_BYTES,
  });
  let dropped = 0;
  destination.on('drop', (data: string) => {
    dropped += data.split('\n').length - 1;
  });
  const reopen = () => destination.reopen();
  if (toFile) process.on('SIGHUP', reopen);
  return {
    write: (entry) => void destination.write(`${JSON.stringify(entry)}\n`),
    dropped: () => dropped,
    close: async () => {
      process.off('SIGHUP', reopen);
      const closed = once(destination, 'close');
      destination.end();
      await closed;
    },
  };
};
