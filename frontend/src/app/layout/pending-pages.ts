// The links of the header, footer and account menu that are hidden until their page is built
// (none at the moment). The list itself lives in `lib/pending-pages.ts`,
// because features (the home sidebar and its invite box) filter their links through it too and may
// not import `app`.
export { PENDING_PAGES, builtLinks, isBuilt } from '@/lib/pending-pages';
