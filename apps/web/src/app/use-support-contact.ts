import { useSupportUrl } from '../features/auth/support-link';
import { useDiscordUrl } from '../features/content/api/get-social-media';
import { needsDiscord, supportContact, type SupportContact } from '../lib/support';

/**
 * The shop's way in for a customer who is stuck (issue #33 item 4): SUPPORT_URL, else its Discord, else the
 * seller's e-mail. The social links are asked for only when no support page comes first.
 */
export const useSupportContact = (): SupportContact | null => {
  const supportUrl = useSupportUrl();
  const discordUrl = useDiscordUrl(needsDiscord(supportUrl));
  return supportContact(supportUrl, discordUrl);
};
