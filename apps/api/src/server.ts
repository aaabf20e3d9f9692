import { exitOnStartupFailure, serve } from './serve.js';

/** The API alone (`npm start` runs it with the proxy gateway beside it: scripts/serve.mjs). */
serve().catch(exitOnStartupFailure);
