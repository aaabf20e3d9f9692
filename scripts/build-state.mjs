import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Sources whose change means the build is stale. */
const SOURCES = [
  'packages/contract/src',
  'packages/db/src',
  'packages/db/migrations',
  'apps/api/src',
  'apps/gateway/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
];
/** What `npm run build` produces. */
const OUTPUTS = ['apps/api/dist/server.js', 'apps/gateway/dist/server.js', 'apps/web/dist/index.html'];
/** Written at the end of every successful build (tsc -b leaves unchanged outputs untouched). */
const STAMP = 'apps/api/dist/.build-stamp';

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { recursive: true })
    .map((name) => statSync(join(path, String(name))).mtimeMs)
    .reduce((a, b) => Math.max(a, b), stat.mtimeMs);
};

/** Missing, or older than its sources: `npm run build` is needed. */
export const buildIsStale = (root) => {
  if (!OUTPUTS.every((p) => existsSync(join(root, p))) || !existsSync(join(root, STAMP))) return true;
  const built = statSync(join(root, STAMP)).mtimeMs;
  return SOURCES.some((p) => newestMtime(join(root, p)) > built);
};

// `node scripts/build-state.mjs --stamp`: the last step of `npm run build`.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--stamp') {
  const root = fileURLToPath(new URL('..', import.meta.url));
  writeFileSync(join(root, STAMP), `${new Date().toISOString()}\n`);
}

/** Runs `npm run build` when the build is missing or stale; exits on a failed build. */
export const ensureBuilt = (root, { quiet = false } = {}) => {
  if (!buildIsStale(root)) return;
  if (!quiet) console.log('Building ProxyDesk (first run or sources changed)…');
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
};
