import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DANTED } from './dante.mjs';
import { NCSA_AUTH, SQUID } from './squid.mjs';

/** What the baselines need, and the Debian package of each. */
const NEEDED = [
  [SQUID, 'squid'],
  [NCSA_AUTH, 'squid'],
  [DANTED, 'dante-server'],
  ['/usr/bin/openssl', 'openssl'],
];

const missingPackages = (needed) => [
  ...new Set(needed.filter(([path]) => !existsSync(path)).map(([, name]) => name)),
];

const aptGet = (args) =>
  spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;

/**
 * Every [path, Debian package] of `needed` present, installed with apt-get when missing and we may (root
 * with apt-get); otherwise the packages still missing (empty when all is there).
 */
export const installMissing = (needed) => {
  const missing = missingPackages(needed);
  if (missing.length === 0) return [];
  if (process.getuid() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`  installing ${missing.join(' ')} (apt-get)…`);
    if (aptGet(['update', '-qq'])) aptGet(['install', '-y', '-qq', ...missing]);
  }
  return missingPackages(needed);
};

/**
 * squid, dante and openssl present, installed from Debian's packages when missing and we may (root with
 * apt-get); otherwise one line naming what to install, and false.
 */
export const ensureBaselinesInstalled = () => {
  const missing = installMissing(NEEDED);
  if (missing.length === 0) return true;
  console.log(
    `  (gateway budget not measured: install Debian's ${missing.join(' and ')}: apt-get install ${missing.join(' ')})`,
  );
  return false;
};
