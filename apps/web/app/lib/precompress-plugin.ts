import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text. Pictures in PNG or WebP are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|webmanifest)$/;
/** Below about a packet, the encoding header and the extra look-up cost more than they save. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, the highest quality) and a gzip (`.gz`, level 9) copy beside each of the
 * client build's fingerprinted text files (decision 042). A file that never changes is compressed
 * once, at the build, as hard as the formats allow, instead of lightly on every request: the
 * server sends the copy the browser accepts (`preCompressed` in http/ssr.ts). Brotli at its
 * highest quality is the one that brings the main page's first script under the budget.
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'store-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.config.consumer !== 'client' || !options.dir) return;
      const dir = options.dir;
      const files = Object.keys(bundle).filter((name) => name.startsWith('assets/') && COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const source = await readFile(file);
          if (source.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          // A copy that is not smaller would only cost a look-up.
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}
