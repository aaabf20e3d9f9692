import { Button, Divider, Stack } from '@mantine/core';
import { DiscordIcon, GoogleIcon } from '../../components/first-load-icons';
import { useAuthConfig } from './api/get-auth-config';

/** Leaves for the provider: the round trip's code is loaded on the click, not with the page (ADR 003). */
const startOAuth = (authorizeUrl: string, referee: string | null) =>
  void import('./oauth').then((oauth) => oauth.startOAuth(authorizeUrl, referee));

/** "Continue with Google / Discord", only for the providers the shop has configured. */
export const SocialButtons = ({ referee = null }: { referee?: string | null }) => {
  const { data: config } = useAuthConfig();
  if (!config?.google && !config?.discord) return null;
  return (
    <Stack gap="sm">
      {config.google && (
        <Button
          variant="default"
          leftSection={<GoogleIcon size={18} aria-hidden />}
          onClick={() => startOAuth(config.google!.authorizeUrl, referee)}
        >
          Continue with Google
        </Button>
      )}
      {config.discord && (
        <Button
          variant="default"
          leftSection={<DiscordIcon size={18} aria-hidden />}
          onClick={() => startOAuth(config.discord!.authorizeUrl, referee)}
        >
          Continue with Discord
        </Button>
      )}
      <Divider label="or" labelPosition="center" />
    </Stack>
  );
};
