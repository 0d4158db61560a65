/**
 * Pages the app's own menus would link to but that do not exist yet. Their links are hidden (not
 * shown as dead links leading to the 404 page) until the page is built: remove a path from this
 * set in the change that adds its route, and the header, footer, account menu, home sidebar and
 * invite box show it again.
 *
 * Lives in `lib` so that features (the home sidebar and its invite box) may use it as well as the
 * app shell; `app/layout/pending-pages.ts` re-exports it for the layout.
 */
export const PENDING_PAGES: ReadonlySet<string> = new Set<string>([
  // None at the moment: every page the menus link to is built (issue 16 built the last ones).
]);

/** The path of an in-app link, without its query, fragment or trailing slash (`/books/?x=1` → `/books`). */
function pathOf(to: string): string {
  const path = to.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether an in-app link leads to a page that exists (anything not listed as pending). */
export function isBuilt(to: string, pending: ReadonlySet<string> = PENDING_PAGES): boolean {
  return !pending.has(pathOf(to));
}

/** The links of a list whose pages exist, in their order. */
export function builtLinks<T extends { to: string }>(links: readonly T[], pending: ReadonlySet<string> = PENDING_PAGES): T[] {
  return links.filter((link) => isBuilt(link.to, pending));
}
