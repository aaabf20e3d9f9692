import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a receipt's invoice PDF). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /**
   * Hands one mail to the SMTP server and waits for its answer; throws when it is refused or unreachable.
   * `messageId` is the same at every try of one outbox row, so a mail sent twice after a crash shows once.
   */
  send(mail: Mail, messageId: string): Promise<void>;
  close(): void;
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
  // A hung server must not hold a mail longer than its outbox lease: every wait is bounded.
  // Nodemailer is loaded with the first mail, not at start: megabytes an idle shop does not need (ADR 014).
  const { smtpUrl } = options;
  let transport: Promise<Transporter> | undefined;
  const smtp = smtpUrl
    ? () =>
        (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport({
            url: smtpUrl,
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 60_000,
          }),
        ))
    : undefined;
  let last: MailResult | undefined;
  const record = (result: MailResult) => {
    last = result;
    options.onResult?.(result.ok);
  };
  return {
    send: async (mail, messageId) => {
      try {
        if (smtp) await (await smtp()).sendMail({ from: options.from, messageId, ...mail });
        else
          options.log.info(
            {
              to: mail.to,
              subject: mail.subject,
              attachments: mail.attachments?.map((file) => file.filename),
            },
            `mail (SMTP_URL is not set, so it is printed here):\n${mail.text}`,
          );
      } catch (error) {
        record({ ok: false, at: new Date(), error: (error as Error).message });
        throw error;
      }
      record({ ok: true, at: new Date() });
    },
    close: () => void transport?.then((opened) => opened.close()),
    smtp: smtp !== undefined,
    lastResult: () => last,
  };
};
