import { namedObject } from './named-object.js';
import { readOf } from './reads.js';
import { z } from './zod.js';

// The shop's words around the catalogue: a module of its own, so that the web's first load (the maintenance
// check) and its shell (announcement, Discord link) carry these few schemas, not the catalogue's (issue #18).

export const faqSchema = namedObject('Faq', { id: z.int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;

export const announcementSchema = namedObject('Announcement', {
  id: z.int(),
  title: z.string(),
  status: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** Where a shop's link may lead (issue #28 item 10): a web page over https, or a mail. Never `javascript:` or `data:`. */
const SAFE_LINK_PROTOCOLS = new Set(['https:', 'mailto:']);

/** Whether `url` is a link the shop may show: one rule for the console's form, the API and every page. */
export const isSafeLink = (url: string): boolean =>
  URL.canParse(url) && SAFE_LINK_PROTOCOLS.has(new URL(url).protocol);

/** A link an operator gives (social links): an https:// or mailto: address. */
export const safeLinkSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(500),
    z.refine(isSafeLink, 'Give an https:// or mailto: address (https://t.me/yourshop)'),
  );

export const socialMediaSchema = namedObject('SocialMedia', {
  id: z.int(),
  name: z.string(),
  url: z.string(),
});
export type SocialMedia = z.infer<typeof socialMediaSchema>;

export const maintenanceSchema = namedObject('Maintenance', { id: z.int(), status: z.boolean() });
export type Maintenance = z.infer<typeof maintenanceSchema>;

/** A public list of the shop's (catalogue or content), each answer `{ payload: [...] }`. */
export const publicList = (tag: string) => {
  const read = readOf(tag, 'public');
  return <T extends z.ZodMiniType>(path: string, summary: string, item: T) =>
    read(path, summary, z.array(item));
};

const read = publicList('content');

export const contentEndpoints = {
  faqs: read('/v1/faq/read', 'Frequently asked questions', faqSchema),
  announcements: read('/v1/announcement/read', 'Announcement banner (first item used)', announcementSchema),
  socialMedia: read('/v1/social_media/read', 'Social media links', socialMediaSchema),
  maintenance: read('/v1/maintenance/read', 'Maintenance switch (first item used)', maintenanceSchema),
};
