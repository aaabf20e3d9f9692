export { loadGatewayConfig, type GatewayConfig } from './config.js';
export { startGateway, type GatewayHealth, type RunningGateway } from './gateway.js';
/** What `listen` of `startGateway` takes over a database: announcements of access changes. */
export { listenForAccessChanges } from '@proxydesk/db';
