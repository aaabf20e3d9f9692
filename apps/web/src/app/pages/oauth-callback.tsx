import { OAuthCallback } from '../../features/auth/oauth-callback';

export const GoogleCallbackPage = () => <OAuthCallback provider="google" />;
export const DiscordCallbackPage = () => <OAuthCallback provider="discord" />;
