import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minify, type Plugin } from 'vite';

/** public/start.js: every page runs it before its first paint, so it is sent as small as it can be. */
const START_SCRIPT = 'start.js';

/**
 * Minifies the copy of public/start.js in the build (Vite copies public files as they are); the written file,
 * with its comments, stays the one to read and the one the development server sends.
 */
export const minifyStartScript = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'proxydesk-start-script',
    apply: 'build',
    configResolved: (config) => {
      outDir = join(config.root, config.build.outDir);
    },
    // writeBundle: before closeBundle, where the build is compressed (build/precompress.ts).
    writeBundle: async () => {
      const path = join(outDir, START_SCRIPT);
      const { code, errors } = await minify(START_SCRIPT, await readFile(path, 'utf8'));
      if (errors.length > 0) throw new Error(`${START_SCRIPT}: ${errors.map((e) => e.message).join('; ')}`);
      await writeFile(path, code);
    },
  };
};
