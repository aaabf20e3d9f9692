import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that a request starts but does not wait for, so that its answer takes the same time whatever the
 * work turns out to be (e.g. looking an address up, and queueing a code only when it has an account). The
 * mails themselves go through the outbox (modules/mail/outbox.ts). Failures are logged; `drain` waits for
 * what is still running (at shutdown).
 */
export interface AfterReply {
  run(label: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
}

export const createAfterReply = (log: FastifyBaseLogger): AfterReply => {
  const inFlight = new Set<Promise<void>>();
  return {
    run: (label, task) => {
      const job = new Promise<void>((resolve) => setImmediate(resolve)).then(task).then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, `${label} failed after the answer was sent`),
      );
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
    },
    drain: async () => {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
};
