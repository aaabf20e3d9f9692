import closeWithGrace from 'close-with-grace';
import { isDatabaseBusy, isDatabaseUnavailable } from './availability.js';

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Graceful shutdown of a process over the database (API, gateway) on SIGTERM/SIGINT, and on an error nobody
 * caught — except the database being out of reach or busy, which is weather: logged and carried on from, never a
 * reason to exit (issue #14). A second fault while closing exits at once.
 */
export const closeOnSignalOrFault = (log: Log, close: () => Promise<void>): void => {
  let fault: unknown;
  const grace = closeWithGrace(
    { delay: 10_000, skip: ['uncaughtException', 'unhandledRejection'] },
    async ({ signal }) => {
      if (signal) log.info({ signal }, 'shutting down');
      await close();
      if (fault) process.exit(1);
    },
  );
  const onFault = (error: unknown) => {
    if (isDatabaseUnavailable(error) || isDatabaseBusy(error)) {
      log.warn({ err: error }, 'lost a database connection; carrying on');
      return;
    }
    if (fault) process.exit(1);
    fault = error;
    log.error({ err: error }, 'closing after an error');
    void grace.close();
  };
  process.on('uncaughtException', onFault);
  process.on('unhandledRejection', onFault);
};
