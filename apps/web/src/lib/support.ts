/**
 * How a customer reaches the shop's support (issue #33 item 4): its support page (SUPPORT_URL), else its Discord
 * (the social links), else a mail to the seller (SELLER_EMAIL); null when the shop has none of them. Every screen
 * that sends a customer to support words its sentence from this one answer, never from "live chat".
 */
export type SupportContact =
  | { via: 'page'; href: string }
  | { via: 'discord'; href: string }
  | { via: 'email'; href: string; address: string };

/** `supportUrl` is the shop's answer (SUPPORT_URL, or `mailto:` SELLER_EMAIL); `discordUrl` its Discord link. */
export const supportContact = (
  supportUrl: string | null | undefined,
  discordUrl: string | null | undefined,
): SupportContact | null => {
  if (supportUrl && !supportUrl.startsWith('mailto:')) return { via: 'page', href: supportUrl };
  if (discordUrl) return { via: 'discord', href: discordUrl };
  if (supportUrl)
    return {
      via: 'email',
      href: supportUrl,
      address: decodeURIComponent(supportUrl.slice('mailto:'.length)),
    };
  return null;
};

/** Whether the Discord link is worth asking for: only when no support page comes first. */
export const needsDiscord = (supportUrl: string | null | undefined): boolean =>
  !supportUrl || supportUrl.startsWith('mailto:');
