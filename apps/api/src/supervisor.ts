import { spawn, type ChildProcess } from 'node:child_process';

export interface SupervisorLog {
  info(message: string): void;
  error(message: string): void;
}

export interface SupervisorTiming {
  /** Pause before the first restart; doubles at each death up to `longestRestartMs`. */
  firstRestartMs: number;
  longestRestartMs: number;
  /** A child that ran this long died of something new: the next restart waits `firstRestartMs` again. */
  steadyMs: number;
  /** On close, SIGTERM; SIGKILL once it has not exited within this. */
  stopMs: number;
}

export const DEFAULT_TIMING: SupervisorTiming = {
  firstRestartMs: 1000,
  longestRestartMs: 30_000,
  steadyMs: 60_000,
  stopMs: 8000,
};

export type SupervisedState =
  | { running: true; pid: number; since: Date; restarts: number }
  | {
      running: false;
      pid: number;
      exited: string;
      since: Date;
      restartAt: Date | undefined;
      restarts: number;
    };

export interface Supervised {
  state(): SupervisedState;
  /** Stops it for good: SIGTERM, SIGKILL after `stopMs`; resolves once it has exited (at once if it had). */
  close(): Promise<void>;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Keeps a child process running (the proxy gateway beside `npm start` on PostgreSQL): each death is logged with
 * how it ended, and it is started again after a pause that doubles while it keeps dying (1 s to 30 s).
 */
export const superviseProcess = ({
  name,
  command,
  args,
  log,
  timing = DEFAULT_TIMING,
}: {
  name: string;
  command: string;
  args: string[];
  log: SupervisorLog;
  timing?: SupervisorTiming;
}): Supervised => {
  let child: ChildProcess;
  let state: SupervisedState;
  let stopping = false;
  let restarts = 0;
  let pause = timing.firstRestartMs;
  let timer: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    const current = spawn(command, args, { stdio: 'inherit' });
    child = current;
    state = { running: true, pid: current.pid ?? 0, since: new Date(startedAt), restarts };
    if (restarts > 0) log.info(`${name} process started again (pid ${current.pid}, restart ${restarts})`);
    let ended = false;
    const died = (how: string) => {
      if (ended || stopping) return;
      ended = true;
      const ranMs = Date.now() - startedAt;
      if (ranMs >= timing.steadyMs) pause = timing.firstRestartMs;
      const restartAt = new Date(Date.now() + pause);
      state = { running: false, pid: current.pid ?? 0, exited: how, since: new Date(), restartAt, restarts };
      log.error(
        `${name} process ${current.pid ?? '?'} ${how} after ${(ranMs / 1000).toFixed(1)} s; restarting it in ${pause / 1000} s`,
      );
      timer = setTimeout(() => {
        restarts += 1;
        start();
      }, pause);
      pause = Math.min(timing.longestRestartMs, pause * 2);
    };
    current.once('error', (error) => died(`could not be started (${error.message})`));
    current.once('exit', (code, signal) =>
      died(signal ? `was killed by ${signal}` : `exited with code ${code ?? '?'}`),
    );
  };
  start();

  return {
    state: () => state,
    close: async () => {
      stopping = true;
      clearTimeout(timer);
      const current = child;
      if (hasExited(current) || current.pid === undefined) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => current.kill('SIGKILL'), timing.stopMs);
        current.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        current.kill('SIGTERM');
      });
    },
  };
};
