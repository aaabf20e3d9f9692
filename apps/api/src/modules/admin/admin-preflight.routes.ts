import { randomUUID } from 'node:crypto';
import { adminPreflightEndpoints as endpoints } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { preflight } from '../../preflight.js';
import type { Mailer } from '../mail/mailer.js';

/**
 * The production checklist on the console's overview (issue #29 item 3), and a test mail that answers how the
 * mail server took it, so that an owner knows mail works before a customer waits for a code.
 */
export const adminPreflightRoutes = (
  app: FastifyInstance,
  deps: { config: Config; mailer: Mailer },
): void => {
  route(app, endpoints.preflight, () => Promise.resolve({ payload: preflight(deps.config) }));

  route(app, endpoints.testMail, async ({ account }) => {
    const to = account.user.email;
    const brand = deps.config.BRAND_NAME;
    const text = `This is a test mail from ${brand}'s console: mail to your customers works.`;
    try {
      await deps.mailer.send(
        { to, subject: `${brand}: test mail`, text, html: `<p>${text.replaceAll('&', '&amp;')}</p>` },
        `<test-${randomUUID()}@proxydesk>`,
      );
    } catch (error) {
      throw new HttpError(502, `The mail server did not take the test mail: ${(error as Error).message}`);
    }
    return {
      detail: deps.mailer.smtp
        ? `Test mail sent to ${to}`
        : `SMTP_URL is not set: the test mail to ${to} was printed to the shop's log`,
    };
  });
};
