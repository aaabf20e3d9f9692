import { launch, startInFolder } from './processes.mjs';

const SCRIPT = new URL('./node-relay-server.mjs', import.meta.url).pathname;

/** The bare Node CONNECT relay (node-relay-server.mjs) with basic auth over `credentials`, on a free port. */
export const startNodeRelay = ({ username, password }) =>
  startInFolder('bare Node relay', 'proxydesk-bench-node-', (_dir, port) =>
    launch(process.execPath, [SCRIPT, String(port), username, password]),
  );
