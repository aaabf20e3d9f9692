import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const zlibGzip = promisify(gzip);
/** Scripts and styles: what a first load's budget counts (ADR 003). */
const SCRIPT_OR_STYLE = /\.(js|mjs|css)$/;

/**
 * gzip for the browsers that take nothing better. Scripts and styles are written by Zopfli: the same format,
 * about 3 % smaller than zlib's best (ADR 003, issue #33 item 8), but some 40 times slower, so the pages and
 * the rest keep zlib's best. Five iterations give nearly all of the default fifteen's gain.
 */
const gzipOf = (name: string, content: Buffer) =>
  SCRIPT_OR_STYLE.test(name)
    ? gzipAsync(content, { numiterations: 5 })
    : zlibGzip(content, { level: constants.Z_BEST_COMPRESSION });

/** Files worth compressing: text formats, above a size where the encoding's overhead pays. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

/** Writes `file.br` (best quality) and `file.gz` beside every compressible built file; answers how many. */
export const precompressDir = async (dir: string): Promise<number> => {
  const names = (await readdir(dir, { recursive: true }))
    .map(String)
    .filter((name) => COMPRESSIBLE.test(name));
  let written = 0;
  await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const content = await readFile(path);
      if (content.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipOf(name, content),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
};

/**
 * Compresses the build once, so the server sends brotli or gzip without compressing per request
 * (`@fastify/static`'s `preCompressed`).
 */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'proxydesk-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      await precompressDir(outDir);
    },
  };
};
