import { z } from 'zod';
import { EU_COUNTRY_CODES, isSafeLink, PAYMENT_METHOD_CODES, productCodeSchema } from '@proxydesk/contract';
import { expandPoolLine } from './pool.js';

/**
 * The shape of the catalogue files in `packages/db/catalogue/`. They are the shop's data, edited by
 * the operator and loaded at every start (see docs/decisions/002-catalogue-files.md).
 */
const poolLineCheck = (line: string, ctx: z.RefinementCtx) => {
  try {
    expandPoolLine(line);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
};

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes');
const euro = z.number().nonnegative().multipleOf(0.01);

export const planFileSchema = z
  .array(
    z.object({
      slug,
      type: productCodeSchema,
      name: z.string().min(1),
      /** Names this plan had in earlier files: a database row still called one of them takes `name`. */
      formerNames: z.array(z.string().min(1)).default([]),
      /** Euro; per GB for ISP (PR_2), premium (PR_6) and normal (PR_1) plans. */
      price: euro,
      duration: z.number().int().positive(),
      ipAmount: z.number().int().positive().nullable(),
      data: z.number().positive().nullable(),
      add_gb_price: euro.nullable(),
      active: z.boolean().default(true),
    }),
  )
  .refine((plans) => new Set(plans.map((p) => p.slug)).size === plans.length, 'plan slugs must be unique');

export const customDayPriceFileSchema = z.partialRecord(
  productCodeSchema,
  z.array(euro).length(30, 'one price for each day count 1..30'),
);

/** The EU member states' standard VAT rates in percent, by ISO code (`GR` for Greece): every one of the 27. */
export const vatRateFileSchema = z
  .record(
    z.string().refine((code) => EU_COUNTRY_CODES.includes(code), 'an EU member state ISO code'),
    z.number().min(0).max(50).multipleOf(0.01),
  )
  .refine(
    (rates) => EU_COUNTRY_CODES.every((code) => code in rates),
    'a rate for each of the 27 member states',
  );

export const paymentMethodFileSchema = z.array(
  z.object({
    code: z.enum(PAYMENT_METHOD_CODES),
    name: z.string().min(1),
    active: z.boolean().default(true),
  }),
);

export const faqFileSchema = z.array(
  z.object({ slug, question: z.string().min(1), answer: z.string().min(1) }),
);

export const contentFileSchema = z.object({
  /** Seeded only when the shop has no announcement yet: the operator's later edits are kept. */
  announcement: z.object({ title: z.string().min(1), status: z.boolean() }),
  social: z.array(
    z.object({
      name: z.string().min(1),
      url: z.string().refine(isSafeLink, 'an https:// or mailto: address'),
    }),
  ),
  /** Seeded only when absent: the operator's switch is kept across restarts. */
  maintenance: z.object({ status: z.boolean() }),
});

const code = z.string().regex(/^[a-z0-9_-]+$/, 'lowercase code');
const named = z.object({ code, name: z.string().min(1) });

export const locationFileSchema = z.object({
  /** Private Proxy US/UK (prvtus, prvtuk), Sneaker US/UK (rkus, rkuk): listed first. */
  special: z.array(named),
  /** Countries by ISO 3166-1 alpha-2 code (lowercase), grouped by continent. */
  continents: z.array(
    z.object({
      name: z.string().min(1),
      countries: z.array(
        named.extend({
          cities: z.array(named.extend({ isps: z.array(named).default([]) })).default([]),
        }),
      ),
    }),
  ),
});

/** The operator's datacenter (PR_4) and IPv6 (PR_5) addresses: `ADDRESS:PORT`, `[IPv6]:PORT` or `FIRST-LAST:PORT` lines. */
export const proxyPoolFileSchema = z.object({
  PR_4: z.array(z.string().superRefine(poolLineCheck)).default([]),
  PR_5: z.array(z.string().superRefine(poolLineCheck)).default([]),
});

export type PlanFile = z.infer<typeof planFileSchema>;
export type LocationFile = z.infer<typeof locationFileSchema>;
