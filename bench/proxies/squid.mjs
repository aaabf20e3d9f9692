import { execFileSync } from 'node:child_process';
import { chownSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, startInFolder } from './processes.mjs';

export const SQUID = '/usr/sbin/squid';
export const NCSA_AUTH = '/usr/lib/squid/basic_ncsa_auth';

/** An NCSA password file line; basic_ncsa_auth reads Apache's MD5 (apr1) hashes. */
const htpasswdLine = ({ username, password }) =>
  `${username}:${execFileSync('openssl', ['passwd', '-apr1', '-stdin'], { input: password, encoding: 'utf8' }).trim()}\n`;

/** uid and gid of a local account, from `id`. */
const account = (name) => ({
  uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8' })),
  gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8' })),
});

const config = (dir, port, asRoot) =>
  [
    `http_port 127.0.0.1:${port}`,
    `pid_filename ${dir}/squid.pid`,
    `cache_log ${dir}/cache.log`,
    `coredump_dir ${dir}`,
    'access_log none',
    'cache deny all',
    'netdb_filename none',
    'pinger_enable off',
    // squid -N otherwise waits 30 s for open connections at SIGTERM.
    'shutdown_lifetime 0 seconds',
    // squid refuses to run as root; it drops to this user after binding.
    ...(asRoot ? ['cache_effective_user proxy'] : []),
    `auth_param basic program ${NCSA_AUTH} ${dir}/htpasswd`,
    'auth_param basic children 5 startup=1',
    'auth_param basic realm proxydesk-bench',
    // Cached credentials: the helper checks the password once, not at every tunnel (like the gateway's cache).
    'auth_param basic credentialsttl 2 hours',
    'acl authenticated proxy_auth REQUIRED',
    // CONNECT to any port: no Safe_ports / SSL_ports rules, only authentication.
    'http_access allow authenticated',
    'http_access deny all',
    '',
  ].join('\n');

/** squid (-N, foreground, no cache) with basic auth over `credentials`, on a free port of 127.0.0.1. */
export const startSquid = (credentials) =>
  startInFolder('squid', 'proxydesk-bench-squid-', (dir, port) => {
    const asRoot = process.getuid() === 0;
    writeFileSync(join(dir, 'htpasswd'), htpasswdLine(credentials));
    writeFileSync(join(dir, 'squid.conf'), config(dir, port, asRoot));
    writeFileSync(join(dir, 'cache.log'), '');
    if (asRoot) {
      // After dropping privileges squid (and its helper) still read and write here.
      const { uid, gid } = account('proxy');
      for (const name of ['', 'htpasswd', 'squid.conf', 'cache.log']) chownSync(join(dir, name), uid, gid);
    }
    return launch(SQUID, ['-N', '-f', join(dir, 'squid.conf')], { graceMs: 5000 });
  });
