import { z } from './zod.js';

/** The per-GB products whose product pages have sub-users: ISP, normal residential, premium residential. */
export const SUBUSER_PRODUCTS = ['PR_2', 'PR_3', 'PR_6'] as const;
export const subuserProductSchema = z.enum(SUBUSER_PRODUCTS);
export type SubuserProduct = z.infer<typeof subuserProductSchema>;
