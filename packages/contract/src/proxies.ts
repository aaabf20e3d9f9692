import { defineEndpoint } from './endpoint.js';
import { detailOnly, withPayload } from './envelope.js';
import { z } from './zod.js';

/** IPv4 or IPv6 literal, checked the same way in the browser and on the server (DESIGN.md §4). */
export const isIpLiteral = (value: string): boolean => z.regexes.ipv4.test(value) || z.regexes.ipv6.test(value);

export const ipSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'IP address is required'), z.maxLength(45, 'Not an IP address'), z.refine(isIpLiteral, 'Enter an IPv4 or IPv6 address'));

/** Products activated with an IP and sold by the IP: datacenter and IPv6. */
export const ipProductSchema = z.enum(['PR_4', 'PR_5']);
export type IpProduct = z.infer<typeof ipProductSchema>;

/** SPEC.md §7 sends `ips` as one address or a list of one; the first is whitelisted. */
const ipsSchema = z.union([ipSchema, z.array(ipSchema).check(z.minLength(1, 'IP address is required'), z.maxLength(10))]);

export const whitelistedIpSchema = z.object({ id: z.string(), ip: z.string() }).check(z.meta({ id: 'WhitelistedIp' }));
export type WhitelistedIp = z.infer<typeof whitelistedIpSchema>;

export const proxyEndpoints = {
  activateDcIpv6: defineEndpoint({
    method: 'POST',
    path: '/v1/user/activate-dc-ipv6-plan',
    summary: 'Activate a pending datacenter or IPv6 plan with an IP to whitelist (the oldest pending, or `plan`)',
    tag: 'proxies',
    access: 'user',
    body: z.object({ ips: ipsSchema, type: ipProductSchema, plan: z.optional(z.string().check(z.maxLength(64))) }),
    response: detailOnly,
  }),
  whitelistIp: defineEndpoint({
    method: 'POST',
    path: '/v1/user/whitelist-ip-dc',
    summary: 'Whitelist an IP on a datacenter or IPv6 plan',
    tag: 'proxies',
    access: 'user',
    body: z.object({ ip: ipSchema, plan: z.string().check(z.minLength(1, 'Choose a plan'), z.maxLength(64)) }),
    response: detailOnly,
  }),
  whitelistedIps: defineEndpoint({
    method: 'GET',
    path: '/v1/user/get-whitelisted-ip',
    summary: 'Whitelisted IPs of the datacenter or IPv6 plans, or of one plan',
    tag: 'proxies',
    access: 'user',
    query: z.object({ type: ipProductSchema, plan: z.optional(z.string().check(z.maxLength(64))) }),
    response: withPayload(z.array(whitelistedIpSchema)),
  }),
  deleteWhitelistedIp: defineEndpoint({
    method: 'DELETE',
    path: '/v1/user/delete-whitelist-ip/:id',
    summary: 'Remove a whitelisted IP',
    tag: 'proxies',
    access: 'user',
    params: z.object({ id: z.string().check(z.maxLength(64)) }),
    response: detailOnly,
  }),
  changePlanName: defineEndpoint({
    method: 'POST',
    path: '/v1/user/change-plan-name',
    summary: "The customer's own name for a plan",
    tag: 'proxies',
    access: 'user',
    body: z.object({
      id: z.string().check(z.maxLength(64)),
      planName: z.string().check(z.trim(), z.minLength(1, 'Plan name is required'), z.maxLength(60, 'At most 60 characters')),
    }),
    response: detailOnly,
  }),
  pool: defineEndpoint({
    method: 'GET',
    path: '/v1/pool/read',
    summary: 'The addresses of your active datacenter (first) and IPv6 (second) plans, as IP:PORT lines',
    tag: 'proxies',
    access: 'user',
    response: withPayload(z.array(z.object({ type: ipProductSchema, proxies: z.array(z.string()) }))),
  }),
};
