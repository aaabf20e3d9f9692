import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, startInFolder } from './processes.mjs';

export const DANTED = '/usr/sbin/danted';

// Without authentication: dante's username method checks system accounts (or PAM), which is not what the
// gateway does; so dante is the baseline for raw SOCKS5 relaying only (bulk throughput).
const config = (dir, port, asRoot) =>
  [
    `logoutput: ${dir}/danted.log`,
    `internal: 127.0.0.1 port = ${port}`,
    'external: 127.0.0.1',
    'clientmethod: none',
    'socksmethod: none',
    ...(asRoot ? ['user.privileged: root', 'user.unprivileged: nobody'] : []),
    'client pass {',
    '  from: 127.0.0.0/8 to: 127.0.0.0/8',
    '}',
    'socks pass {',
    '  from: 127.0.0.0/8 to: 127.0.0.0/8',
    '}',
    '',
  ].join('\n');

/** danted in the foreground (it forks its own children) on a free port of 127.0.0.1. */
export const startDante = () =>
  startInFolder('dante', 'proxydesk-bench-dante-', (dir, port) => {
    writeFileSync(join(dir, 'danted.conf'), config(dir, port, process.getuid() === 0));
    return launch(DANTED, ['-f', join(dir, 'danted.conf'), '-p', join(dir, 'danted.pid')]);
  });
