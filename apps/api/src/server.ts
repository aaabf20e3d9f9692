import { StartupError } from '@proxydesk/db';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig, publicUrl } from './config.js';
import { prepareDatabase } from './start.js';

/** The only module that listens: start, serve, and shut down gracefully on SIGINT/SIGTERM. */
const main = async (): Promise<void> => {
  const config = loadConfig();
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  const shown = publicUrl(config);
  app.log.info(`${config.BRAND_NAME} is ready on ${shown} (database: ${database.kind})`);
};

main().catch((error: unknown) => {
  // One clear line for problems an operator can fix; the full error otherwise.
  if (error instanceof StartupError || (error instanceof Error && error.message.startsWith('Invalid configuration'))) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
