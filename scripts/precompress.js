// After the site's build: a .br and a .gz beside every text file of web/build/client (scripts, styles, SVG),
// at the highest levels, once. The API serves them as the client asks (@fastify/static preCompressed) instead
// of compressing the same files on every request. Usage: node scripts/precompress.js [dir]
const { readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');

const TEXT = /\.(js|mjs|css|svg|json|txt|html|map|webmanifest)$/;
/** Below this a compressed copy saves less than the header it costs. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

const dir = process.argv[2] ?? join(__dirname, '..', 'web', 'build', 'client');
let count = 0;
for (const path of files(dir)) {
  const size = statSync(path).size;
  if (size < MIN_BYTES) continue;
  const data = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size } }));
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
}
process.stdout.write(`precompressed ${count} files of ${dir} (.br, .gz)\n`);
