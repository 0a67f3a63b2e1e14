import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// Writes `<file>.br` and `<file>.gz` beside every text file of the build, once, at the best levels, so
// the server sends them as they are (@fastify/static `preCompressed`) instead of compressing each
// request. A compressed copy that would not be smaller is not written.

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
const MIN_BYTES = 512;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export function precompress(): Plugin {
  return {
    name: 'vetconsult-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => TEXT.test(name))
          .map(async (name) => {
            const path = join(outDir, name);
            const source = await readFile(path);
            if (source.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gz(source, { level: 9 }),
            ]);
            if (br.length < source.length) await writeFile(`${path}.br`, br);
            if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
          }),
      );
    },
  };
}
