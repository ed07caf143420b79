// After `react-router build`: writes .br (quality 11) and .gz (level 9) next to
// every text asset of the client build, so the server sends the smallest
// encoding without compressing on each request (server/app.ts). Small files
// too: a page loads a few dozen chunks of a few hundred bytes, which sent raw
// cost about 2 KB more than compressed; a copy is kept only when it is smaller.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "../build/client");
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|html)$/;
let files = 0;
let before = 0;
let after = 0;

/** @param {string} dir */
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name) && fs.statSync(file).size >= 128) {
      const data = fs.readFileSync(file);
      const br = zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      const gz = zlib.gzipSync(data, { level: 9 });
      if (br.length >= data.length) continue;
      fs.writeFileSync(`${file}.br`, br);
      if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
      files++;
      before += data.length;
      after += br.length;
    }
  }
}

if (fs.existsSync(root)) {
  walk(root);
  console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
}
