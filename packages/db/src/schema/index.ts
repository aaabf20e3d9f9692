export * from './accounts.js';
export * from './catalogue.js';
export * from './billing.js';
export * from './proxies.js';
export * from './admin.js';
export * from './mail.js';
export * from './counters.js';
export * from './documents.js';
