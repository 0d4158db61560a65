// Size budget: the JavaScript a visitor downloads for the first route (`/`): the entry's scripts
// and the landing route's chunk group (its own chunk and the shared chunks it needs), as the build
// records them in dist/chunk-groups.json. Gzipped at level 9, as the server's .gz variants. Run
// after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The goal is 120 KB (docs/performance.md); the budget holds what the component router gained (docs/decisions.md).
const BUDGET_BYTES = 105 * 1024;
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const groups = JSON.parse(fs.readFileSync(path.join(dist, 'chunk-groups.json'), 'utf8'));
const firstRoute = [...(groups.main ?? []), ...(groups['route-landing'] ?? [])].filter((file) => file.endsWith('.js'));
if (!groups.main?.length || !groups['route-landing']?.length) {
  console.error('size budget: could not find the entry or the landing route in dist/chunk-groups.json');
  process.exit(1);
}

let total = 0;
for (const file of [...new Set(firstRoute)]) {
  const gzipped = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total for the first route (budget ${BUDGET_BYTES / 1024} KB gzipped)`);
if (total > BUDGET_BYTES) {
  console.error('size budget exceeded: split more code out of the first route');
  process.exit(1);
}
