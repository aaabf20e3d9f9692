import { fileURLToPath } from 'node:url';
import { firstLoads, type FirstLoad, type ModuleGraph } from './first-loads.js';

/**
 * The chunk groups of the web build (vite.config.ts): which modules share a file. Left alone, the bundler folds
 * modules into whichever shared chunk it likes, and a first load downloads thirty small files, or parts it does
 * not use (ADR 003, ADR 012).
 *
 * No library module is named here (issue #33 item 8): libraries go by package, and the rest by what each first
 * load imports, read from the build's own module graph (build/first-loads.ts) from the pages' entry modules below:
 * a component the sign-in page starts using joins its group, one it stops using leaves it. Two small groups of our
 * own modules (`auth-forms`, `brand`) are still patterns over file names; e2e/first-load.spec.ts fails when a
 * script of a signed-out page's first load is a file named after no group.
 */

export interface ChunkGroup {
  name: string | ((id: string, ctx: ModuleGraph) => string | null);
  test?: RegExp;
  priority?: number;
  includeDependenciesRecursively?: boolean;
}

/** A pattern over module ids, written with `/`, matching either path separator. */
const sources = (pattern: string) => new RegExp(pattern.replaceAll('/', String.raw`[\\/]`));

const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/** Where each first load starts: the modules src/main.tsx and src/prerender.tsx load for those pages. */
const ENTRIES: Record<FirstLoad, string[]> = {
  entry: [src('main.tsx')],
  // The sign-in and sign-up pages, and the Google/Discord buttons they fetch where the shop offers them.
  signIn: [src('app/pages/sign-in.tsx')],
  signUp: [src('app/pages/sign-up.tsx')],
  social: [src('features/auth/social-buttons.tsx')],
  // What src/prerender.tsx preloads for a signed-in page, and the dashboard.
  signedIn: [
    'lib/first-checks.ts',
    'app/signed-in-start.ts',
    'app/app-routes.tsx',
    'app/layouts/app-layout.tsx',
    'app/pages/dashboard.tsx',
  ].map(src),
  pricing: [src('app/pages/public-pricing.tsx')],
};

const loads = firstLoads(ENTRIES);
const ROOTS = new Set(Object.values(ENTRIES).flat());
const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/**
 * The group of a module no package group takes, from the first loads it is in:
 * - `mantine`: a library of the sign-in or sign-up page (Mantine's parts, its hooks);
 * - `shared`: what the public /pricing and the signed-in first load both draw with;
 * - `pricing`: the rest of /pricing's first load (its tabs, cards and slider), one file rather than a dozen small
 *   ones, each compressed alone (issue #33 item 8: 2.1 KiB less);
 * - `signed-in-ui`, `signed-in-contract`, `signed-in`: the signed-in first load's libraries, contract schemas
 *   and our modules, but what sign-in or /pricing already loads. A page's own module stays in its chunk.
 */
const groupOf = (id: string, graph: ModuleGraph): string | null => {
  if (ROOTS.has(id)) return null;
  const { entry, signIn, signUp, social, signedIn, pricing } = loads(graph);
  if ([entry, signIn, signUp, social].some((load) => load.has(id)))
    return inNodeModules(id) ? 'mantine' : null;
  if (!signedIn.has(id)) return pricing.has(id) ? 'pricing' : null;
  if (pricing.has(id)) return 'shared';
  if (inNodeModules(id)) return 'signed-in-ui';
  return /[\\/]packages[\\/]contract[\\/]/.test(id) ? 'signed-in-contract' : 'signed-in';
};

const FIRST_LOAD_GROUPS = ['mantine', 'shared', 'pricing', 'signed-in-ui', 'signed-in-contract', 'signed-in'];

/** A group of `groupOf`'s: only its own modules (their imports are in their own groups). */
const byFirstLoad = (name: string): ChunkGroup => ({
  name: (id, graph) => (groupOf(id, graph) === name ? name : null),
  includeDependenciesRecursively: false,
});

/** A library in a file of its own, whichever first load brings it. */
const byPackage = (name: string, packages: string, priority = 1) => ({
  name,
  test: new RegExp(String.raw`[\\/]node_modules[\\/](${packages})[\\/]`),
  priority,
});

/** The libraries with a file of their own. */
const PACKAGE_GROUPS: (ChunkGroup & { name: string })[] = [
  // React first: the groups below would otherwise take it in as one of their dependencies.
  byPackage('react', 'react|react-dom|scheduler', 3),
  // Small helpers that other chunks use too, kept apart from the libraries that bring them in.
  byPackage('helpers', String.raw`@floating-ui[\\/]utils|tslib|use-callback-ref`, 2),
  byPackage('router', 'react-router'),
  // Every form's state (useForm): the sign-in and sign-up forms draw with it.
  byPackage('mantine-form', String.raw`@mantine[\\/]form`),
  // TanStack Query: its infinite lists come with the screens that use them (none of a first load).
  {
    ...byPackage('query', String.raw`@tanstack[\\/](query-core|react-query)`),
    test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!.*(infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.js$)/,
  },
  // What the logged-out forms share, and the brand mark and icons the entry draws that the social buttons draw
  // too: our own small modules that the bundler would otherwise make a file each of (ADR 003). Their libraries
  // stay in the groups above.
  {
    name: 'auth-forms',
    priority: 1,
    includeDependenciesRecursively: false,
    test: sources(
      String.raw`src/(features/auth/(auth-form|social-buttons|oauth-warning|use-typed-before-hydration|use-next|pending-email|api/lazy-check)|components/(form-alert|form-inputs)|lib/return-path)\.tsx?$|@tabler/icons-react/dist/esm/icons/IconBrand(Google|Discord)Filled\.mjs$`,
    ),
  },
  {
    name: 'brand',
    priority: 1,
    includeDependenciesRecursively: false,
    test: sources(String.raw`src/(components/(brand-mark|first-load-icons)|lib/(brand|server-page))\.tsx?$`),
  },
  byPackage('floating-ui', String.raw`@floating-ui[\\/](core|dom|react|react-dom)`),
  byPackage(
    'remove-scroll',
    'react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|get-nonce',
  ),
];

export const CHUNK_GROUPS: ChunkGroup[] = [...PACKAGE_GROUPS, ...FIRST_LOAD_GROUPS.map(byFirstLoad)];

/** The files a group makes are named after it (`name-hash.js`). */
export const CHUNK_GROUP_NAMES = [...PACKAGE_GROUPS.map((group) => group.name), ...FIRST_LOAD_GROUPS];
