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
}

/** Nodemailer over SMTP_URL; without it, each mail (with its code) is printed to the log so `npm start` works offline. */
export const createMailer = (options: {
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer => {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const inFlight = new Set<Promise<void>>();
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
      const delivery = deliver(mail).catch((error: unknown) => {
        options.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
      });
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    },
    drain: async () => {
      await Promise.all(inFlight);
      transport?.close();
    },
  };
};
