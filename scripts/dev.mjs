#!/usr/bin/env node
// `npm run dev`: the API from its TypeScript sources with reload (on :3000) and the Vite dev server (on :5173).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=source', '--clear-screen=false', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@proxydesk/web'], { cwd: root, stdio: 'inherit' }),
];
console.log('Open http://localhost:5173 (the API answers on http://localhost:3000).');

const stop = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode ||= code ?? 0; });
