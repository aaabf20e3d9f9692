import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Sources whose change means the build is stale. */
const SOURCES = ['packages/contract/src', 'packages/db/src', 'packages/db/migrations', 'apps/api/src', 'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'];
/** What `npm run build` produces. */
const OUTPUTS = ['apps/api/dist/server.js', 'apps/web/dist/index.html'];

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { recursive: true })
    .map((name) => statSync(join(path, String(name))).mtimeMs)
    .reduce((a, b) => Math.max(a, b), stat.mtimeMs);
};

/** Missing or older than its sources: `npm run build` is needed. */
export const buildIsStale = (root) => {
  const outputTimes = OUTPUTS.map((p) => (existsSync(join(root, p)) ? statSync(join(root, p)).mtimeMs : 0));
  const oldestOutput = Math.min(...outputTimes);
  if (oldestOutput === 0) return true;
  return SOURCES.some((p) => newestMtime(join(root, p)) > oldestOutput);
};
