import type { ShopIdentity } from '@proxydesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { shopIdentity } from '../schema/index.js';
import type { Actor } from './admin.js';
import { auditedChange } from './admin-audited.js';

export type ShopIdentityRow = typeof shopIdentity.$inferSelect;

/** The shop's identity before anything was saved: nothing but the default invoice prefix. */
const EMPTY: ShopIdentityRow = {
  id: 1,
  sellerName: null,
  sellerAddress: null,
  vatNumber: null,
  registrationNumber: null,
  email: null,
  supportUrl: null,
  invoicePrefix: 'INV',
  footer: null,
  updatedAt: new Date(0),
};

/** The shop as the seller (ADR 015): its one row, or an empty identity while there is none. */
export const readShopIdentity = async (db: Db): Promise<ShopIdentityRow> =>
  (await db.select().from(shopIdentity).where(eq(shopIdentity.id, 1)))[0] ?? EMPTY;

type IdentityValues = Omit<ShopIdentityRow, 'id' | 'updatedAt'>;

/**
 * The first values, from the `SELLER_*` / `SUPPORT_URL` variables, written once when the shop has no identity
 * yet: after that the console's edits are the truth, and the variables are not read again.
 */
export const seedShopIdentity = async (db: Db, values: IdentityValues): Promise<void> => {
  await db.insert(shopIdentity).values(values).onConflictDoNothing();
};

/** An empty text is none. */
const orNull = (text: string | null) => (text?.trim() ? text.trim() : null);

export const toShopIdentity = (row: ShopIdentityRow): ShopIdentity => ({
  seller_name: row.sellerName,
  seller_address: row.sellerAddress,
  vat_number: row.vatNumber,
  registration_number: row.registrationNumber,
  email: row.email,
  support_url: row.supportUrl,
  invoice_prefix: row.invoicePrefix,
  footer: row.footer,
});

/** The operator's edit, audited (before → after and why) in its transaction; past documents keep their copy. */
export const saveShopIdentity = (db: Db, actor: Actor, identity: ShopIdentity, reason: string) =>
  auditedChange(
    db,
    actor,
    { action: 'shop.identity', targetType: 'shop', targetId: '1', reason },
    async (tx) => {
      const before = toShopIdentity(await readShopIdentity(tx));
      const values: IdentityValues = {
        sellerName: orNull(identity.seller_name),
        sellerAddress: orNull(identity.seller_address?.replaceAll('\r\n', '\n') ?? null),
        vatNumber: orNull(identity.vat_number),
        registrationNumber: orNull(identity.registration_number),
        email: orNull(identity.email),
        supportUrl: orNull(identity.support_url),
        invoicePrefix: identity.invoice_prefix,
        footer: orNull(identity.footer),
      };
      const [row] = await tx
        .insert(shopIdentity)
        .values(values)
        .onConflictDoUpdate({ target: shopIdentity.id, set: { ...values, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error('the shop identity was not saved');
      const after = toShopIdentity(row);
      return { before, after, result: after };
    },
  );
