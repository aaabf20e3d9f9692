import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers over 1 KiB (JSON, the app's HTML) with brotli or gzip, whichever the client prefers. Brotli at
 * quality 4: per-request compression must stay cheap; the built assets come precompressed at the best quality.
 */
export const registerCompression = (app: FastifyInstance) =>
  app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
