// temporary: replaced by generated schema aliases
//
// Hand-written copies of the catalogue shapes of docs/catalogue.md, until the server's OpenAPI
// document describes them and `schema.ts` is regenerated. Then each interface here becomes an
// alias in types.ts (`export type BookDetail = Schemas['BookDetail']`) and this file goes away.
// Dates are epoch milliseconds; ids are int64 numbers.

import type { User } from './types';

// ---- books ----------------------------------------------------------------------------------

/** CategoryRef { id, subid, name } */
export interface CategoryRef {
  id: number;
  subid: string;
  name: string;
}

/** BookRef { id, subid, title, author, image } */
export interface BookRef {
  id: number;
  subid: string;
  title: string;
  author: string;
  /** Public URL under /media/public/... */
  image: string;
}

/** BookCard: the book as listed (also the first half of BookDetail). */
export interface BookCard {
  id: number;
  subid: string;
  title: string;
  author: string;
  authorSlug: string;
  /** Public URL under /media/public/... */
  image: string;
  description: string;
  free: boolean;
  popular: boolean;
  comingSoon: boolean;
  hasMedia: boolean;
  hasVideo: boolean;
  hasVisuals: boolean;
  readCount: number;
  /** Epoch milliseconds. */
  uploadDate: number;
  categories: CategoryRef[];
}

/** BookDetail: BookCard fields + the summary itself and the caller's entitlement flags. */
export interface BookDetail extends BookCard {
  authorDescription: string;
  /** Not described further by the contract (kept loose until the generated schema says). */
  vector: string | null;
  quotes: string[];
  goals: string[];
  tags: string[];
  /** The first section only; everyone gets it. */
  truncatedBody: string;
  /** Full sanitised HTML, only when entitled. */
  body: string | null;
  /** Signed audio URL, only when entitled. */
  mediaUrl: string | null;
  /** Signed video URL, only when entitled. */
  video: string | null;
  /** Signed image URL, only when entitled. */
  infographic: string | null;
  notLoggedIn: boolean;
  isPaidUser: boolean;
  limitReached: boolean;
  lastFree: boolean;
  showPremiumContent: boolean;
  /** Free members only. */
  unlocksLeft: number | null;
  /** Issue 4 fills these: saved section index, library membership, rated. */
  position: number;
  isInLibrary: boolean;
  hasRatingsFromUser: boolean;
}

/** GET /api/books/{id} (id or subid) */
export interface BookResult {
  book: BookDetail;
  user: User | null;
}

// ---- visuals --------------------------------------------------------------------------------

/** VisualCard { id (the book id), book: BookRef, count } (no images or text). */
export interface VisualCard {
  id: number;
  book: BookRef;
  count: number;
}

/** VisualSlide { id, position, image (signed URL), title, body } */
export interface VisualSlide {
  id: number;
  position: number;
  image: string;
  title: string;
  body: string;
}

/** GET /api/visuals */
export interface VisualsResult {
  visuals: VisualCard[];
}

/** GET /api/visuals/book/{id} (id or subid); `visuals` is empty unless the caller may see them. */
export interface VisualBookResult {
  isPaid: boolean;
  book: BookRef;
  visuals: VisualSlide[];
}

// ---- catalogue, discovery, blog (temporary: replaced by generated schema aliases) -----------

/** CategoryView { id, subid, name, small_image, description, bookCount } */
export interface CategoryView {
  id: number;
  subid: string;
  name: string;
  /** Public URL under /media/public/... */
  small_image: string;
  description: string;
  bookCount: number;
}

/** CollectionView { id, slug, title, description, image, bookCount } */
export interface CollectionView {
  id: number;
  slug: string;
  title: string;
  description: string;
  /** Public URL under /media/public/... */
  image: string;
  bookCount: number;
}

/** AuthorView { id, slug, name, bio, photo, bookCount } */
export interface AuthorView {
  id: number;
  slug: string;
  name: string;
  bio: string;
  /** Public URL under /media/public/... */
  photo: string;
  bookCount: number;
}

/** BlogPostCard { id, slug, title, excerpt, image, category, publishedAt } */
export interface BlogPostCard {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** Public URL, or null when the post has no image. */
  image: string | null;
  category: string;
  /** Epoch milliseconds. */
  publishedAt: number;
}

/** BlogPost: BlogPostCard + { body } (sanitised HTML). */
export interface BlogPost extends BlogPostCard {
  body: string;
}

/** BookPage { books: BookCard[], total, page, pageSize, pages } */
export interface BookPage {
  books: BookCard[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
}

/** A reading-history entry on /home: a BookCard with the saved section index (issue 4). */
export interface HistoryBook extends BookCard {
  position?: number;
}

/** GET /api/books */
export interface HomeResult {
  user: User | null;
  /** The 20 most popular. */
  books: BookCard[];
  categories: CategoryView[];
  recommendations: {
    /** 6 */
    newReleases: BookCard[];
    /** 10, from the member's categories (empty for visitors and members without picks). */
    recommended: BookCard[];
    /** Empty until issue 4. */
    history: HistoryBook[];
  };
}

/** GET /api/categories */
export interface CategoriesResult {
  categories: CategoryView[];
}

/** PUT /api/user/recommends body. */
export interface RecommendsBody {
  recommends: number[];
}

/** PUT /api/user/recommends */
export interface RecommendsResult {
  user: User;
}

/** Sorts of GET /api/catalogue/books (and the /booklist/{sort}/{tag} segment). */
export type CatalogueSort = 'new' | 'trending' | 'ab' | 'audio' | 'video';

/** GET /api/catalogue/books */
export type CatalogueBooksResult = BookPage;

/** GET /api/collections */
export interface CollectionsResult {
  collections: CollectionView[];
}

/** GET /api/collections/{slug} */
export interface CollectionResult {
  collection: CollectionView;
  books: BookCard[];
}

/** GET /api/authors */
export interface AuthorsResult {
  authors: AuthorView[];
}

/** GET /api/authors/{slug} */
export interface AuthorResult {
  author: AuthorView;
  books: BookCard[];
}

/** GET /api/blog?category= (newest first) */
export interface BlogPostsResult {
  posts: BlogPostCard[];
}

/** GET /api/blog/{id} (id or slug) */
export interface BlogPostResult {
  post: BlogPost;
}

/** GET /api/search?q=&page= */
export interface SearchResult {
  query: string;
  books: BookCard[];
  total: number;
  page: number;
  pageSize: number;
}

/** One entry of GET /api/infographics; `image` is a signed URL for paid members, else null. */
export interface InfographicItem {
  book: BookRef;
  image: string | null;
}

/** GET /api/infographics */
export interface InfographicsResult {
  infographics: InfographicItem[];
}
