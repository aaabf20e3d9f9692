#!/usr/bin/env node
// `npm run dev`: the API and proxy gateway from their TypeScript sources with reload (on :3000 and :31112) and the Vite dev server (on :5173).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=source', '--clear-screen=false', 'scripts/serve.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PROXYDESK_FROM_SOURCE: '1' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@proxydesk/web'], { cwd: root, stdio: 'inherit' }),
];
console.log('Open http://localhost:5173 (the API answers on http://localhost:3000).');

const stop = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode ||= code ?? 0;
  });
