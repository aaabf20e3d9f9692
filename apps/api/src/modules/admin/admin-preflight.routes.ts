import { randomUUID } from 'node:crypto';
import { adminPreflightEndpoints as endpoints } from '@proxydesk/contract';
import { readShopIdentity, type Db, type ShopIdentityRow } from '@proxydesk/db';
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
/** The seller on invoices (issue #30 §3): nothing else asks the owner for a name and an address. */
const sellerItem = (shop: ShopIdentityRow) => {
  const missing = [!shop.sellerName && 'name', !shop.sellerAddress && 'address'].filter(Boolean);
  return missing.length === 0
    ? { name: 'Seller on invoices', ok: true, detail: shop.sellerName ?? '' }
    : {
        name: 'Seller on invoices',
        ok: false,
        detail: `no seller ${missing.join(' or ')}: invoices would not say who sells; fill them in Console → Shop`,
      };
};

/**
 * Under `TAX_MODE=eu-vat` (issue #30 item 4) an invoice names the seller's VAT number (Art. 226 of the VAT
 * Directive), and a reverse charge is meaningless without it.
 */
const sellerVatItem = (config: Config, shop: ShopIdentityRow) =>
  config.TAX_MODE !== 'eu-vat'
    ? []
    : [
        shop.vatNumber
          ? { name: "Seller's VAT number", ok: true, detail: shop.vatNumber }
          : {
              name: "Seller's VAT number",
              ok: false,
              detail:
                'TAX_MODE is eu-vat but invoices carry no VAT number of yours: fill it in Console → Shop',
            },
      ];

export const adminPreflightRoutes = (
  app: FastifyInstance,
  deps: { config: Config; mailer: Mailer; db: Db },
): void => {
  route(app, endpoints.preflight, async () => {
    const shop = await readShopIdentity(deps.db);
    return { payload: [...preflight(deps.config), sellerItem(shop), ...sellerVatItem(deps.config, shop)] };
  });

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
