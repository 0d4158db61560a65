// After `webpack --mode production`: writes the first screen of each prerendered page (see
// src/prerender/render.tsx) into a copy of dist/index.html, as dist/prerendered/<file>, and the
// shells of the book page and of ROUTE_SHELLS (the empty page with their route's chunks) under
// dist/shells/. The server answers those paths with those files, and every other page with the
// empty dist/index.html.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const { prerenderPage, PRERENDERED_PAGES, ROUTE_SHELLS } = createRequire(import.meta.url)(path.join(root, '.prerender', 'prerender.cjs'));

// html-webpack-plugin minifies the template: `<div id=root></div>`.
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!EMPTY_ROOT.test(template)) throw new Error('prerender: dist/index.html has no empty <div id="root">');
const groups = JSON.parse(fs.readFileSync(path.join(dist, 'chunk-groups.json'), 'utf8'));
const entry = new Set(groups.main);

/**
 * `html` with `<link>`s in its head for a route's own chunks (those the entry does not load): its
 * stylesheets, so that the first paint is already styled (a stylesheet arriving with the chunk
 * moved the prerendered page: layout shift), and its scripts preloaded beside the app's instead of
 * after it has run.
 */
function withRouteLinks(html, group) {
  const files = (groups[group] ?? []).filter((file) => !entry.has(file));
  if (!files.some((file) => file.endsWith('.js'))) throw new Error(`prerender: chunk-groups.json names no script for ${group}`);
  const links = files.map((file) => (file.endsWith('.css') ? `<link rel="stylesheet" href="/${file}">` : `<link rel="preload" as="script" href="/${file}">`));
  return html.replace('</head>', () => `${links.join('')}</head>`);
}
if (!template.includes('</head>')) throw new Error('prerender: dist/index.html has no </head>');

fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const { path: page, file, chunk } of PRERENDERED_PAGES) {
  const markup = await prerenderPage(page);
  // The Content-Security-Policy (script-src and style-src 'self') refuses inline scripts and style
  // attributes in the HTML: a page that needs one would look or work differently until hydration.
  const inline = markup.match(/<script|\sstyle="[^"]*"/);
  if (inline) throw new Error(`prerender: ${page} has inline ${inline[0].trim()} (the CSP refuses it): use a class`);
  // `data-prerendered` tells src/index.tsx to hydrate instead of rendering afresh.
  const html = withRouteLinks(template, chunk).replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="">${markup}</div>`);
  fs.writeFileSync(path.join(dist, 'prerendered', file), html);
  console.log(`prerendered ${page} -> dist/prerendered/${file} (${(markup.length / 1024).toFixed(1)} KB of markup)`);
}

// The book page's shell (dist/shells/reader.html): the empty page, plus the reader route's own
// chunks, fetched with the app's instead of after it has run. The server fills in the book's
// title, description and the visitor's answer for each `/books/{id}` (apps/server, `book_page`).
const DESCRIPTION = /<meta name="?description"? content="([^"]*)">/;
if (!DESCRIPTION.test(template)) throw new Error('prerender: dist/index.html has no description');
// Its first script is the `early-calls` entry (src/early-calls.ts), written into the page: the
// page's data calls (a member's book; on the checkout its price, settings and standing) leave
// while the app's scripts download. Inline, not a file: on
// HTTP/1.1 Chromium lets one low-priority request at a time leave while the head is parsed, so an
// async file held `vendor.js` back by a round trip (docs/performance.md §5). The server allows
// exactly this script in its Content-Security-Policy by its SHA-256 (`spa::inline_script_hashes`).
const earlyCallsFiles = groups['early-calls'] ?? [];
if (earlyCallsFiles.length !== 1 || !earlyCallsFiles[0].endsWith('.js'))
  throw new Error(`prerender: the early-calls entry should be one script, not ${JSON.stringify(earlyCallsFiles)}`);
const earlyCallsCode = fs
  .readFileSync(path.join(dist, earlyCallsFiles[0]), 'utf8')
  .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '')
  .trim();
if (/<\/script|<!--/i.test(earlyCallsCode)) throw new Error('prerender: the early-calls script has text that would end its <script> element');
// No page loads the file itself (nor its compressed copies and map): it is not served.
for (const suffix of ['', '.br', '.gz', '.map']) fs.rmSync(path.join(dist, earlyCallsFiles[0] + suffix), { force: true });
const FIRST_SCRIPT = /<script\b/;
if (!FIRST_SCRIPT.test(template)) throw new Error('prerender: dist/index.html has no script');
/** `html` whose first script is the early calls' code. */
const withEarlyCalls = (html) => html.replace(FIRST_SCRIPT, (script) => `<script>${earlyCallsCode}</script>${script}`);
const shell = withRouteLinks(
  withEarlyCalls(
    // One spelling of the description the server looks for, whatever the minifier wrote.
    template.replace(DESCRIPTION, (_, content) => `<meta name="description" content="${content}">`),
  ),
  'route-reader',
);
fs.mkdirSync(path.join(dist, 'shells'), { recursive: true });
fs.writeFileSync(path.join(dist, 'shells', 'reader.html'), shell);
console.log('book page shell -> dist/shells/reader.html');

// Other pages members open most (ROUTE_SHELLS): the empty page with their route's chunks, which
// the server answers for every path under the segment (apps/server, `spa::route_shell`).
fs.mkdirSync(path.join(dist, 'shells', 'pages'), { recursive: true });
// A shell marked `earlyCalls` (the checkout) starts with the early calls' script too.
for (const { segment, chunk, earlyCalls } of ROUTE_SHELLS) {
  fs.writeFileSync(path.join(dist, 'shells', 'pages', `${segment}.html`), withRouteLinks(earlyCalls ? withEarlyCalls(template) : template, chunk));
}
console.log(`route shells -> dist/shells/pages/{${ROUTE_SHELLS.map((shell) => shell.segment).join(',')}}.html`);

// The last step of the build: `cargo xtask` builds again only when a source is newer than this file
// (webpack's `clean` removes it when a build starts, so a build that failed leaves none).
fs.writeFileSync(path.join(dist, '.build-finished'), `${new Date().toISOString()}\n`);
