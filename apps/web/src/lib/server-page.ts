import { createContext, type ComponentType, type ReactNode } from 'react';

/**
 * What a build-time render (src/prerender.tsx) tells the app, which has no browser to ask: the address,
 * whether a session cookie is there, and a router that takes its location from a prop.
 */
export interface ServerPage {
  path: string;
  signedIn: boolean;
  Router: ComponentType<{ basename?: string; children: ReactNode }>;
  /** Told the screen's title, for the page's `<title>` (effects, which set it in a browser, do not run). */
  reportScreen: (screen: string | undefined) => void;
}

/** The build-time render's page, for the hooks that need it; null in a browser. */
export const ServerPageContext = createContext<ServerPage | null>(null);
