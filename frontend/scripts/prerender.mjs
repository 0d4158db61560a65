// After `webpack --mode production`: writes the first screen of each prerendered page (see
// src/prerender/render.tsx) into a copy of dist/index.html, as dist/prerendered/<file>. The server
// answers those paths with that file, and every other page with the empty dist/index.html.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const { prerenderPage, PRERENDERED_PAGES } = createRequire(import.meta.url)(path.join(root, '.prerender', 'prerender.cjs'));

// html-webpack-plugin minifies the template: `<div id=root></div>`.
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!EMPTY_ROOT.test(template)) throw new Error('prerender: dist/index.html has no empty <div id="root">');
fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const { path: page, file } of PRERENDERED_PAGES) {
  const markup = await prerenderPage(page);
  // The Content-Security-Policy (script-src and style-src 'self') refuses inline scripts and style
  // attributes in the HTML: a page that needs one would look or work differently until hydration.
  const inline = markup.match(/<script|\sstyle="[^"]*"/);
  if (inline) throw new Error(`prerender: ${page} has inline ${inline[0].trim()} (the CSP refuses it): use a class`);
  // `data-prerendered` tells src/index.tsx to hydrate instead of rendering afresh.
  const html = template.replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="">${markup}</div>`);
  fs.writeFileSync(path.join(dist, 'prerendered', file), html);
  console.log(`prerendered ${page} -> dist/prerendered/${file} (${(markup.length / 1024).toFixed(1)} KB of markup)`);
}
