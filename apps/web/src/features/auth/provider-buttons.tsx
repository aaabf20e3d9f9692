import { Button, Divider, Stack } from '@mantine/core';
import { svgIcon } from '../../components/first-load-icons';
import type { Boot } from '../../lib/boot';

const GoogleIcon = svgIcon(true, [
  'M12 2a9.96 9.96 0 0 1 6.29 2.226a1 1 0 0 1 .04 1.52l-1.51 1.362a1 1 0 0 1 -1.265 .06a6 6 0 1 0 2.103 6.836l.001 -.004h-3.66a1 1 0 0 1 -.992 -.883l-.007 -.117v-2a1 1 0 0 1 1 -1h6.945a1 1 0 0 1 .994 .89c.04 .367 .061 .737 .061 1.11c0 5.523 -4.477 10 -10 10s-10 -4.477 -10 -10s4.477 -10 10 -10z',
]);
const DiscordIcon = svgIcon(true, [
  'M14.983 3l.123 .006c2.014 .214 3.527 .672 4.966 1.673a1 1 0 0 1 .371 .488c1.876 5.315 2.373 9.987 1.451 12.28c-1.003 2.005 -2.606 3.553 -4.394 3.553c-.732 0 -1.693 -.968 -2.328 -2.045a21.512 21.512 0 0 0 2.103 -.493a1 1 0 1 0 -.55 -1.924c-3.32 .95 -6.13 .95 -9.45 0a1 1 0 0 0 -.55 1.924c.717 .204 1.416 .37 2.103 .494c-.635 1.075 -1.596 2.044 -2.328 2.044c-1.788 0 -3.391 -1.548 -4.428 -3.629c-.888 -2.217 -.39 -6.89 1.485 -12.204a1 1 0 0 1 .371 -.488c1.439 -1.001 2.952 -1.459 4.966 -1.673a1 1 0 0 1 .935 .435l.063 .107l.651 1.285l.137 -.016a12.97 12.97 0 0 1 2.643 0l.134 .016l.65 -1.284a1 1 0 0 1 .754 -.54l.122 -.009zm-5.983 7a2 2 0 0 0 -1.977 1.697l-.018 .154l-.005 .149l.005 .15a2 2 0 1 0 1.995 -2.15zm6 0a2 2 0 0 0 -1.977 1.697l-.018 .154l-.005 .149l.005 .15a2 2 0 1 0 1.995 -2.15z',
]);

/** Leaves for the provider: the round trip's code is loaded on the click, not with the page (ADR 003). */
const startOAuth = (authorizeUrl: string, referee: string | null) =>
  void import('./oauth').then((oauth) => oauth.startOAuth(authorizeUrl, referee));

/** The providers in the order their buttons are drawn. */
const PROVIDERS = [
  { key: 'google', name: 'Google', Icon: GoogleIcon },
  { key: 'discord', name: 'Discord', Icon: DiscordIcon },
] as const;

/**
 * "Continue with Google / Discord", for the providers the shop has configured: a chunk of its own, which a shop
 * without them never loads (social-buttons.tsx).
 */
export const ProviderButtons = ({
  config,
  referee,
}: {
  config: Boot['authConfig'];
  referee: string | null;
}) => (
  <Stack gap="sm">
    {PROVIDERS.map(({ key, name, Icon }) => {
      const provider = config[key];
      return (
        provider && (
          <Button
            key={key}
            variant="default"
            leftSection={<Icon size={18} aria-hidden />}
            onClick={() => startOAuth(provider.authorizeUrl, referee)}
          >
            {`Continue with ${name}`}
          </Button>
        )
      );
    })}
    <Divider label="or" labelPosition="center" />
  </Stack>
);
