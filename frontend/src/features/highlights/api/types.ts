/**
 * The highlights feature's own names for the server's schemas (`@/lib/api/schema`); the shared
 * ones (Highlight, HighlightInBook, the bodies) live in `@/lib/api/types`.
 */

import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** GET /api/user/highlights?page=&colour=&search=&book= { highlights, page, pages, total } (50 a page) */
export type HighlightPage = Schemas['HighlightPageView'];
