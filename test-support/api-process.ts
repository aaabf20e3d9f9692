import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the API's and CLI's sources run from. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** Node's arguments to run a TypeScript entry point of the workspace from its sources. */
export const fromSource = ['--import', 'tsx', '--conditions=source'];

/**
 * The API (apps/api/src/server.ts) as a process of its own, on PGlite and without its metrics port unless
 * `env` says otherwise.
 */
export const spawnApi = (env: Record<string, string>) =>
  spawn(process.execPath, [...fromSource, 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', METRICS_PORT: 'off', ...env },
  });

/** Runs the API until it exits (a start that must fail); its exit code and what it printed on stderr. */
export const runApiUntilExit = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawnApi(env);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
