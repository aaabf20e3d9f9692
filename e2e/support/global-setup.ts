import { E2E_PORT } from '../../playwright.config.js';
import { startServer } from './server.js';

/** One shop for the browser tests, started from the build the way `npm start` runs it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer(E2E_PORT);
  return () => server.stop();
}
