import type { Boot } from '../../lib/boot';
import { loader } from '../../lib/lazy-page';

/** The Google and Discord buttons, with their icons (social-buttons.tsx): a chunk of their own. */
export const providerButtons = loader(() => import('./provider-buttons'));

export const offersSocialSignIn = (config: Boot['authConfig']) =>
  config.google !== null || config.discord !== null;
