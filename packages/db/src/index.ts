export * from './client.js';
export * from './data-dir-lock.js';
export * from './migrate.js';
export * as schema from './schema/index.js';
export * from './catalogue/files.js';
export * from './catalogue/load.js';
export * from './repositories/catalogue.js';
export * from './repositories/health.js';
