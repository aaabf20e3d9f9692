/**
 * The chunk groups of the web build (vite.config.ts): which modules share a file. Left alone, the bundler folds
 * modules into whichever shared chunk it likes, and a first load downloads thirty small files, or parts it does
 * not use (ADR 003, ADR 012). The lists below are written out; e2e/first-load.spec.ts fails when a module of a
 * signed-out page's first load falls outside every group (a file named after no group), so they cannot go
 * stale silently (issue #33).
 */

export interface ChunkGroup {
  name: string;
  test: RegExp | ((id: string) => boolean);
  priority?: number;
  includeDependenciesRecursively?: boolean;
}

/** A pattern over module ids, written with `/`, matching either path separator. */
const ids = (pattern: string) => new RegExp(pattern.replaceAll('/', String.raw`[\\/]`));

/** Mantine's core and the components of the logged-out card, the loading screen and the shell's frame. */
const FIRST_LOAD_MANTINE = [
  ...['Box', 'UnstyledButton', 'Input', 'InputBase', 'TextInput', 'PasswordInput', 'Button', 'Loader'],
  ...['Transition', 'Text', 'Group', 'Stack', 'Center', 'Card', 'Paper', 'Title', 'Anchor', 'Alert'],
  ...['ActionIcon', 'ThemeIcon', 'CloseButton', 'Divider'],
];

/**
 * Of Mantine's core, the helpers that only its menus, popovers, tabs and accordions use (keyboard navigation,
 * Escape, layers): out of the logged-out card's first load, in the signed-in one's.
 */
const SIGNED_IN_MANTINE_UTILS = [
  'create-scoped-keydown-handler',
  'find-element-in-shadow-dom',
  'find-element-ancestor',
  'get-context-item-index',
  'close-on-escape',
  'get-default-z-index',
  'get-single-element-child',
  'is-element',
];

/** Mantine's components that the signed-in frame and the dashboard draw first, beside FIRST_LOAD_MANTINE's. */
const SIGNED_IN_MANTINE = [
  'NavLink',
  'Accordion',
  'Collapse',
  'Burger',
  'Skeleton',
  'SimpleGrid',
  'Badge',
  'Progress',
  'CopyButton',
];
/** Of Mantine's hooks and the contract, the modules the signed-in first load needs beside the sign-in page's. */
const SIGNED_IN_HOOKS = ['use-merged-ref', 'use-disclosure', 'use-clipboard', 'use-collapse'];
const SIGNED_IN_CONTRACT = [
  'catalogue',
  'products',
  'proxies',
  'plans',
  'user',
  'pricing',
  'proxy-lines',
  'money',
];

/**
 * What the signed-in frame's and the dashboard's chunks import of the app's own (their libraries stay in the
 * groups of their own; the chunks themselves, loaded with import(), stay apart).
 */
const SIGNED_IN_APP = [
  'app/(screens|prefetch|plan-buttons)',
  'app/layouts/(account-button|navigation)',
  'features/(dashboard/.*|content/(announcement-banner|api/get-(announcement|social-media)))',
  'components/(frame|menu-link|lazy-toasts|page-skeleton|page-header|stat-card|copy-button)',
  // Not lib/format: the public /pricing formats its prices too, and would load the whole group for it.
  'lib/(toasts-wanted|when-idle)',
];

export const CHUNK_GROUPS: ChunkGroup[] = [
  // React first: the groups below would otherwise take it in as one of their dependencies.
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
  // Small helpers that other chunks use too, kept apart from the libraries that bring them in.
  {
    name: 'helpers',
    test: /node_modules[\\/](@floating-ui[\\/]utils|tslib|use-callback-ref)[\\/]/,
    priority: 1,
  },
  // The sign-in page's first load in a dozen files rather than thirty (ADR 003): the Mantine parts every
  // first load draws, what the logged-out forms share, the brand mark, the router, TanStack Query.
  {
    name: 'mantine',
    test: (id) =>
      ids(`node_modules/@mantine/core/esm/(core|components/(${FIRST_LOAD_MANTINE.join('|')}))/`).test(id) &&
      !ids(`core/utils/(${SIGNED_IN_MANTINE_UTILS.join('|')})/`).test(id),
  },
  {
    name: 'auth-forms',
    // Their libraries stay in the groups above and below (a group takes its modules' imports in too).
    includeDependenciesRecursively: false,
    test: ids(
      String.raw`src/(features/auth/(social-buttons|oauth-warning|use-typed-before-hydration|use-next|pending-email)|components/form-alert|lib/return-path)\.tsx?$|@tabler/icons-react/dist/esm/icons/IconBrand(Google|Discord)Filled\.mjs$`,
    ),
  },
  {
    // The brand mark, and the icons the entry draws that the social sign-in buttons draw too.
    name: 'brand',
    includeDependenciesRecursively: false,
    test: ids(String.raw`src/(components/(brand-mark|first-load-icons)|lib/(brand|server-page))\.tsx?$`),
  },
  { name: 'router', test: ids('node_modules/react-router/') },
  // Every form's state (useForm): the sign-in and sign-up forms draw with it.
  { name: 'mantine-form', test: ids('node_modules/@mantine/form/') },
  {
    name: 'query',
    // But its infinite lists, which only some screens use.
    test: (id) =>
      ids('node_modules/@tanstack/(query-core|react-query)/').test(id) &&
      !/(infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.js$/.test(id),
  },
  // A signed-in first load in a few files rather than sixty: a browser asks a server for at most six at
  // a time over HTTP/1.1, so each further file waits its turn (issue #18, Lighthouse on the dashboard).
  {
    name: 'signed-in',
    includeDependenciesRecursively: false,
    test: ids(String.raw`src/(${SIGNED_IN_APP.join('|')})(\.module\.css|\.tsx?)$`),
  },
  {
    name: 'signed-in-ui',
    includeDependenciesRecursively: false,
    test: (id) =>
      ids(`node_modules/@mantine/core/esm/components/(${SIGNED_IN_MANTINE.join('|')})/`).test(id) ||
      ids(`node_modules/@mantine/core/esm/core/utils/(${SIGNED_IN_MANTINE_UTILS.join('|')})/`).test(id) ||
      ids(`node_modules/@mantine/hooks/esm/(${SIGNED_IN_HOOKS.join('|')})/`).test(id) ||
      ids('node_modules/@tabler/icons-react/dist/esm/').test(id),
  },
  {
    name: 'signed-in-contract',
    includeDependenciesRecursively: false,
    test: ids(String.raw`packages/contract/src/(${SIGNED_IN_CONTRACT.join('|')})\.ts$`),
  },
  {
    name: 'floating-ui',
    test: /node_modules[\\/]@floating-ui[\\/](core|dom|react|react-dom)[\\/]/,
  },
  {
    name: 'remove-scroll',
    test: /node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|get-nonce)[\\/]/,
  },
];

/** The files a group makes are named after it (`name-hash.js`). */
export const CHUNK_GROUP_NAMES = CHUNK_GROUPS.map((group) => group.name);
