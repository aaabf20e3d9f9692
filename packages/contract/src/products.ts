import { z } from './zod.js';

/** Product-type codes of SPEC.md §3. Unknown codes are rejected (DESIGN.md §3). */
export const PRODUCT_CODES = ['PR_1', 'PR_2', 'PR_3', 'PR_4', 'PR_5', 'PR_6'] as const;
export const productCodeSchema = z.enum(PRODUCT_CODES);
export type ProductCode = z.infer<typeof productCodeSchema>;

export const PRODUCT_NAMES: Record<ProductCode, string> = {
  PR_1: 'Normal',
  PR_2: 'ISP',
  PR_3: 'Residential',
  PR_4: 'Datacenter',
  PR_5: 'IPv6',
  PR_6: 'Premium Residential',
};

/** Products sold by the IP (activated with a whitelisted IP) rather than by the GB. */
export const IP_PRODUCTS: readonly ProductCode[] = ['PR_4', 'PR_5'];
export const isIpProduct = (code: ProductCode): boolean => IP_PRODUCTS.includes(code);

/** The page where a customer uses (and renews) a plan of each product: normal residential and its extra GB on one. */
export const PRODUCT_PAGES: Record<ProductCode, string> = {
  PR_1: '/product/residential',
  PR_2: '/product/isp',
  PR_3: '/product/residential',
  PR_4: '/product/datacenter',
  PR_5: '/product/ipv6',
  PR_6: '/product/premium-residential',
};
