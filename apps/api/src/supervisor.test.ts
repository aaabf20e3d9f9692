import { isAlive } from '@proxydesk/db';
import { describe, expect, it, onTestFinished } from 'vitest';
import { superviseProcess, type SupervisedState } from './supervisor.js';

const timing = { firstRestartMs: 200, longestRestartMs: 800, steadyMs: 60_000, stopMs: 1000 };

/** A child that lives until it is told otherwise; `ignoreTerm` makes it shrug SIGTERM off. */
const start = (options: { ignoreTerm?: boolean } = {}) => {
  const lines: string[] = [];
  const supervised = superviseProcess({
    name: 'sleeper',
    command: process.execPath,
    args: [
      '-e',
      `${options.ignoreTerm ? "process.on('SIGTERM', () => undefined);" : ''} setInterval(() => undefined, 1000)`,
    ],
    log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    timing,
  });
  onTestFinished(() => supervised.close());
  return { supervised, lines };
};

const until = async (probe: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const pidOf = (state: SupervisedState) => state.pid;

describe('superviseProcess', () => {
  it('starts the child again after kill -9, with a pause that doubles, and logs each death', async () => {
    const { supervised, lines } = start();
    const first = pidOf(supervised.state());
    process.kill(first, 'SIGKILL');
    await until(() => !supervised.state().running);
    expect(supervised.state()).toMatchObject({
      running: false,
      exited: 'was killed by SIGKILL',
      restarts: 0,
    });
    await until(() => supervised.state().running);
    const second = pidOf(supervised.state());
    expect(second).not.toBe(first);
    process.kill(second, 'SIGKILL');
    await until(() => supervised.state().restarts === 2 && supervised.state().running);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^sleeper process ${first} was killed by SIGKILL after [\\d.]+ s; restarting it in 0.2 s$`,
        ),
      ),
      `sleeper process started again (pid ${second}, restart 1)`,
      expect.stringMatching(
        new RegExp(
          `^sleeper process ${second} was killed by SIGKILL after [\\d.]+ s; restarting it in 0.4 s$`,
        ),
      ),
      expect.stringMatching(/^sleeper process started again \(pid \d+, restart 2\)$/),
    ]);
  });

  it('closes at once when the child has just died (it was killed by a signal: no exit code), and restarts nothing', async () => {
    const { supervised, lines } = start();
    process.kill(pidOf(supervised.state()), 'SIGKILL');
    await until(() => !supervised.state().running);
    const started = performance.now();
    await supervised.close();
    expect(performance.now() - started).toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines.filter((line) => line.includes('started again'))).toEqual([]);
  });

  it('stops a running child with SIGTERM, and with SIGKILL when it ignores that', async () => {
    const polite = start();
    const pid = pidOf(polite.supervised.state());
    await polite.supervised.close();
    expect(isAlive(pid)).toBe(false);

    const stubborn = start({ ignoreTerm: true });
    const stubbornPid = pidOf(stubborn.supervised.state());
    await new Promise((resolve) => setTimeout(resolve, 300)); // its SIGTERM handler is set
    const started = performance.now();
    await stubborn.supervised.close();
    expect(performance.now() - started).toBeGreaterThanOrEqual(timing.stopMs - 50);
    expect(isAlive(stubbornPid)).toBe(false);
    expect(stubborn.lines).toEqual([]);
  });
});
