import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The contract is written with `zod/mini`: the same schemas as classic zod, as functions that a bundler
 * can drop when unused, so the dashboard's first load carries only the parts it calls (about 7 KiB of
 * zod instead of 25). English messages for the checks that name none of their own: every schema imports `z`
 * from here, so a bundle holding any schema runs this first, and one holding none (a page's first load that
 * only imports a constant or `buildPath`) carries no zod at all.
 */
z.config(en());

export { z };
