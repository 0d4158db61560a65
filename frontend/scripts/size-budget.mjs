// Size budget: the JavaScript a visitor downloads for the first route (`/`) must stay at or under
// 150 KB gzipped. Counts the scripts index.html loads, the landing route's chunk and, to stay on
// the safe side, every shared (numbered) chunk a route might pull in. Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const assets = path.join(dist, 'assets');
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const initial = [...index.matchAll(/<script[^>]*src=["']?\/assets\/([^"' >]+)/g)].map((m) => m[1]);
const files = fs.readdirSync(assets);
const landing = files.filter((f) => /^route-landing\..*\.js$/.test(f));
const shared = files.filter((f) => /^\d+\..*\.chunk\.js$/.test(f));
if (initial.length === 0 || landing.length === 0) {
  console.error('size budget: could not find the entry scripts or the landing chunk in dist/');
  process.exit(1);
}

let total = 0;
for (const file of [...new Set([...initial, ...landing, ...shared])]) {
  const gzipped = zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
  total += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total for the first route (budget ${BUDGET_BYTES / 1024} KB gzipped)`);
if (total > BUDGET_BYTES) {
  console.error('size budget exceeded: split more code out of the first route');
  process.exit(1);
}
