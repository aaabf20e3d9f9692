/**
 * Build-time render (apps/web/build/prerender.ts runs it after the client build): the pages a visitor
 * without a session sees first, and the signed-in loading shell, drawn to HTML so they paint before any
 * script runs; src/main.tsx hydrates them. Each page is drawn once per social sign-in configuration, as
 * the server knows which one the shop has (apps/api/src/plugins/web.ts picks the file).
 */
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { loadGuestPage, type guestScreens } from './app/guest-screens';
import type { Boot } from './lib/boot';
import { queryClient } from './lib/query-client';
import { seedQueries } from './lib/boot';

interface PageBase {
  /** Addresses it is sent for (none: chosen by state, e.g. maintenance); a signed-in page's, to a session. */
  paths: string[];
  /** Drawn at this address. */
  at: string;
  maintenance: boolean;
  /** The lazy chunks it needs at once, preloaded beside the entry (keys of Vite's manifest). */
  modules: string[];
  /** A public page's one-line summary for search engines (`<meta name="description">`); it also gets a canonical URL. */
  description?: string;
}

/**
 * `name` is the file name stem under dist/.prerendered; a logged-out page's is also its screen's, which
 * src/main.tsx loads before hydrating it (app/guest-screens.ts).
 */
export type PageSpec =
  | (PageBase & { signedIn: false; name: keyof typeof guestScreens })
  | (PageBase & { signedIn: true; name: string });

/** The access check's call, the signed-in start, routes and frame: fetched beside the entry, not after it. */
const SHELL_MODULES = [
  'src/lib/first-checks.ts',
  'src/app/signed-in-start.ts',
  'src/app/app-routes.tsx',
  'src/app/layouts/app-layout.tsx',
];

export const PAGES: PageSpec[] = [
  {
    name: 'sign-in',
    paths: ['/', '/login'],
    at: '/',
    signedIn: false,
    maintenance: false,
    modules: ['src/app/pages/sign-in.tsx'],
    description: 'Sign in to __BRAND_NAME__ to manage your proxies, plans and invoices.',
  },
  {
    name: 'sign-up',
    paths: ['/signup'],
    at: '/signup',
    signedIn: false,
    maintenance: false,
    modules: ['src/app/pages/sign-up.tsx'],
    description: 'Create a __BRAND_NAME__ account: residential, ISP, datacenter and IPv6 proxies in minutes.',
  },
  {
    name: 'pricing',
    paths: ['/pricing'],
    at: '/pricing',
    signedIn: false,
    maintenance: false,
    modules: ['src/app/pages/public-pricing.tsx'],
    description:
      '__BRAND_NAME__ prices in euro: residential and premium residential proxies by the GB, ISP, datacenter and IPv6 plans, and custom plans.',
  },
  {
    name: 'forgot-password',
    paths: ['/forgot-password'],
    at: '/forgot-password',
    signedIn: false,
    maintenance: false,
    modules: ['src/app/pages/forgot-password.tsx'],
    description: 'Reset your __BRAND_NAME__ password with a code sent to your e-mail.',
  },
  {
    name: 'confirm',
    paths: ['/confirm-authentication'],
    at: '/confirm-authentication',
    signedIn: false,
    maintenance: false,
    modules: ['src/app/pages/confirm.tsx'],
  },
  {
    name: 'maintenance',
    paths: [],
    at: '/',
    signedIn: false,
    maintenance: true,
    modules: ['src/features/content/maintenance-page.tsx'],
  },
  {
    name: 'shell',
    paths: [],
    at: '/',
    signedIn: true,
    maintenance: false,
    modules: SHELL_MODULES,
  },
  {
    // The same shell, sent for the dashboard's address with the dashboard's screen.
    name: 'shell-dashboard',
    paths: ['/'],
    at: '/',
    signedIn: true,
    maintenance: false,
    modules: [...SHELL_MODULES, 'src/app/pages/dashboard.tsx'],
  },
];

/** The social sign-ins a shop may offer: the variants each page is drawn in. */
export const SOCIAL_VARIANTS = [
  { google: false, discord: false },
  { google: true, discord: false },
  { google: false, discord: true },
  { google: true, discord: true },
] as const;

export const variantName = ({ google, discord }: { google: boolean; discord: boolean }): string =>
  [google && 'google', discord && 'discord'].filter(Boolean).join('.');

const provider = (on: boolean) => (on ? { clientId: 'prerender', authorizeUrl: 'about:blank' } : null);

const toText = async (stream: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
};

export interface RenderedPage {
  file: string;
  markup: string;
  /** Lazy chunks this variant draws beside its spec's `modules` (keys of Vite's manifest). */
  modules: string[];
  /** The screen's title, "Screen" of "Screen · Brand" (none: the brand alone). */
  screen: string | undefined;
}

const render = async (spec: PageSpec, social: { google: boolean; discord: boolean }) => {
  const boot: Boot = {
    maintenance: spec.maintenance,
    authConfig: {
      captcha: 'off',
      recaptchaSiteKey: null,
      google: provider(social.google),
      discord: provider(social.discord),
      supportUrl: null,
    },
  };
  queryClient.clear();
  seedQueries(queryClient, boot);
  // The chunks the page draws, loaded first as the browser does before it hydrates (src/main.tsx): a part that
  // waited for its chunk here would be written as a hidden part and an inline script to reveal it, which the
  // CSP blocks.
  if (!spec.signedIn) await loadGuestPage(spec.name, boot);
  const Router = ({ basename, children }: { basename?: string; children: ReactNode }) => (
    <StaticRouter location={spec.at} {...(basename ? { basename } : {})}>
      {children}
    </StaticRouter>
  );
  let screen: string | undefined;
  const reportScreen = (title: string | undefined) => (screen = title);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App server={{ path: spec.at, signedIn: spec.signedIn, Router, reportScreen }} />
    </StrictMode>,
    // Every part inline, in order. Past this many bytes React would write the rest of a page as hidden parts,
    // revealed by inline scripts, which the CSP blocks (a social shop's sign-in page lost its buttons so).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const markup = await toText(prelude);
  return { markup, screen };
};

/** The Google and Discord buttons: a logged-out page of a shop that offers them loads them (app/guest-screens.ts). */
const PROVIDER_BUTTONS = 'src/features/auth/provider-buttons.tsx';

export const renderPages = async (): Promise<RenderedPage[]> => {
  const pages: RenderedPage[] = [];
  for (const spec of PAGES)
    for (const social of SOCIAL_VARIANTS) {
      const variant = variantName(social);
      pages.push({
        file: variant ? `${spec.name}.${variant}` : spec.name,
        modules: !spec.signedIn && variant ? [PROVIDER_BUTTONS] : [],
        ...(await render(spec, social)),
      });
    }
  return pages;
};
