import {
  closeOnSignalOrFault,
  listenForAccessChanges,
  logStreamFor,
  migrate,
  openDatabase,
  StartupError,
} from '@proxydesk/db';
import { pino } from 'pino';
import { loadGatewayConfig } from './config.js';
import { startGateway } from './gateway.js';

/**
 * The gateway as a process of its own (`npm run start:gateway`): beside API instances on the same PostgreSQL,
 * on as many machines as the traffic needs. On PGlite it runs inside `npm start` instead (one process owns
 * the data folder).
 */
const main = async (): Promise<void> => {
  const config = loadGatewayConfig();
  const log = pino({ level: config.LOG_LEVEL, name: 'gateway' }, logStreamFor(config.LOG_FORMAT));
  const lines = {
    warn: (message: string) => log.warn(message),
    info: (message: string) => log.info(message),
  };
  // A PostgreSQL that is not up yet (a machine that boots) is waited for, with a line every few seconds.
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    log: lines,
    waitForServer: { log: lines },
  });
  await migrate(database);
  const gateway = await startGateway({
    db: database.db,
    config,
    log,
    listen: (onChange) => listenForAccessChanges(database, onChange),
  });
  closeOnSignalOrFault(log, async () => {
    await gateway.close();
    await database.close();
  });
};

main().catch((error: unknown) => {
  if (
    error instanceof StartupError ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'))
  ) {
    console.error(`Cannot start the gateway: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `Cannot start the gateway: ${(error as Error).message} (another gateway or program uses that port: set GATEWAY_PORT)`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
});
