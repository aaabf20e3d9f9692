import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the SMTP capture received it; `from` and `to` are the SMTP envelope addresses. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Files it carried (a receipt's invoice PDF). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  receivedAt: number;
}

/** A real SMTP server on 127.0.0.1 that keeps every mail it is sent. */
export interface SmtpCapture {
  /** e.g. 'smtp://127.0.0.1:40123': usable as nodemailer's SMTP_URL (no TLS, no auth). */
  url: string;
  /** Everything received so far, in order. */
  mails: CapturedMail[];
  /** Resolves with the first mail to `to` (case-insensitive) received after `after` (ms epoch, default 0), whose subject matches `subject` if given; rejects after timeoutMs (default 5000) with a clear message. */
  waitFor(
    to: string,
    options?: { after?: number; timeoutMs?: number; subject?: RegExp },
  ): Promise<CapturedMail>;
  clear(): void;
  close(): Promise<void>;
}

interface Waiter {
  matches(mail: CapturedMail): boolean;
  resolve(mail: CapturedMail): void;
  reject(error: Error): void;
}

/**
 * Starts an SMTP server on 127.0.0.1 (plain SMTP: no STARTTLS, auth optional, silent), on a free port or on
 * `port` (a server that comes up where the shop's SMTP_URL already points).
 */
export const startSmtpCapture = async ({
  port: wanted = 0,
}: { port?: number } = {}): Promise<SmtpCapture> => {
  const mails: CapturedMail[] = [];
  const waiters = new Set<Waiter>();

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    closeTimeout: 100,
    onData: (stream, session, callback) => {
      simpleParser(stream).then(
        (parsed) => {
          const mail: CapturedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
            receivedAt: Date.now(),
          };
          mails.push(mail);
          for (const waiter of waiters) if (waiter.matches(mail)) waiter.resolve(mail);
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  server.on('error', () => {
    // connection-level errors (a client hanging up mid-session) are not the test's concern
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(wanted, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (to, options = {}) => {
      const address = to.toLowerCase();
      const after = options.after ?? 0;
      const timeoutMs = options.timeoutMs ?? 5000;
      const matches = (mail: CapturedMail) =>
        mail.receivedAt >= after &&
        mail.to.some((rcpt) => rcpt.toLowerCase() === address) &&
        (!options.subject || options.subject.test(mail.subject));
      const found = mails.find(matches);
      if (found) return Promise.resolve(found);
      return new Promise<CapturedMail>((resolve, reject) => {
        const settle = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        const waiter: Waiter = {
          matches,
          resolve: (mail) => {
            settle();
            resolve(mail);
          },
          reject: (error) => {
            settle();
            reject(error);
          },
        };
        const timer = setTimeout(() => {
          const seen = mails.map((mail) => `${mail.to.join(', ')} "${mail.subject}"`).join('; ') || 'none';
          waiter.reject(new Error(`No mail to ${to} within ${timeoutMs} ms (mails received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear: () => {
      mails.length = 0;
    },
    close: async () => {
      for (const waiter of waiters) waiter.reject(new Error('SMTP capture closed while waiting for a mail'));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** The 6-digit code in a mail's text (throws if none). */
export const otpFrom = (mail: CapturedMail): string => {
  const code = /(?<!\d)\d{6}(?!\d)/.exec(mail.text)?.[0];
  if (!code)
    throw new Error(`No 6-digit code in the mail "${mail.subject}" to ${mail.to.join(', ')}:\n${mail.text}`);
  return code;
};
