import type { Config } from '../config.js';
import { preflight } from '../preflight.js';

/**
 * `npm run admin -- doctor`: the checklist a production start insists on (issue #29 item 3), with what is fine,
 * whatever NODE_ENV is; fine only when every item is.
 */
export const doctor = (config: Config): { ok: boolean; text: string } => {
  const items = preflight(config);
  const missing = items.filter((item) => !item.ok).length;
  const lines = items.map((item) => `  ${item.ok ? 'ok     ' : 'MISSING'} ${item.name}: ${item.detail}`);
  return {
    ok: missing === 0,
    text: [
      `Before taking customers (NODE_ENV=${config.NODE_ENV}; a production start refuses what is missing):`,
      ...lines,
      missing === 0 ? 'All set.' : `${missing} to set (README, "Configuration").`,
    ].join('\n'),
  };
};
