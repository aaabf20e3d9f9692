import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Hands a mail over for delivery without waiting for it, so that an answer takes the same time whether
   * or not a mail was sent (no account enumeration by timing). Failures are logged.
   */
  send(mail: Mail): void;
  /** Waits for the mails in flight (at shutdown). */
  drain(): Promise<void>;
  /** Whether mails go to an SMTP server (false: they are printed to the log). */
  readonly smtp: boolean;
  /** How the last mail handed over went, for /readyz; undefined before the first. */
  lastResult(): MailResult | undefined;
}

export interface MailResult {
  ok: boolean;
  at: Date;
  /** Why it failed (the SMTP server's answer or the network error). */
  error?: string;
}

/** Nodemailer over SMTP_URL; without it, each mail (with its code) is printed to the log so `npm start` works offline. */
export const createMailer = (options: {
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Told the outcome of every mail (metrics). */
  onResult?: (ok: boolean) => void;
}): Mailer => {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const inFlight = new Set<Promise<void>>();
  let last: MailResult | undefined;
  const record = (result: MailResult) => {
    last = result;
    options.onResult?.(result.ok);
  };
  const deliver = async (mail: Mail) => {
    if (!transport) {
      options.log.info(
        { to: mail.to, subject: mail.subject },
        `mail (SMTP_URL is not set, so it is printed here):\n${mail.text}`,
      );
      return;
    }
    await transport.sendMail({ from: options.from, ...mail });
  };
  return {
    send: (mail) => {
      const delivery = deliver(mail).then(
        () => record({ ok: true, at: new Date() }),
        (error: unknown) => {
          record({ ok: false, at: new Date(), error: (error as Error).message });
          options.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
        },
      );
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    },
    drain: async () => {
      await Promise.all(inFlight);
      transport?.close();
    },
    smtp: transport !== undefined,
    lastResult: () => last,
  };
};
