import { loader } from '../lib/lazy-page';

/** The signed-in routes' chunk: the router draws it, a signed-in page's start loads it first. */
export const loadSignedInRoutes = loader(() => import('./app-routes'));
