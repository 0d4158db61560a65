/**
 * All request and response types of the server API.
 *
 * The server's own types come from `schema.ts`, which `cargo xtask codegen` generates from the
 * server's OpenAPI document (`openapi.json`); `cargo xtask test` fails when they are stale. Only the
 * envelope generics and a few narrower names (event names, catalogue sorts) are written by hand here.
 */

import type { components } from './schema';

type Schemas = components['schemas'];

/** A member as returned by login, register, session and account calls. */
export type User = Schemas['UserView'];

/** `{"status":"ok","result":{...}}` */
export interface ApiSuccess<T> {
  status: 'ok';
  result: T;
}

/** `{"status":"error","error":"...","code":"..."}` (+ `notLoggedIn` on 401). */
export interface ApiFailure {
  status: 'error';
  error: string;
  code?: string;
  notLoggedIn?: boolean;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** The error envelope as the server's schema describes it (`code` always present). */
export type ErrorBody = Schemas['ErrorBody'];

/** A success with nothing interesting inside `result`. */
export type EmptyResult = Record<string, never> | null | undefined;

// ---- identity -------------------------------------------------------------------------------

/** POST /api/user/register */
export type RegisterRequest = Schemas['RegisterRequest'];

/** POST /api/user/login */
export type LoginRequest = Schemas['LoginRequest'];

/** Result of register, login and subscription-code-register. */
export type AuthResponse = Schemas['SignedInResult'];

/** GET /api/user/session */
export type SessionResponse = Schemas['UserResult'];

/** POST /api/user/refresh-token */
export type RefreshTokenResponse = Schemas['TokenResult'];

/** PUT /api/user/forgot-password */
export type ForgotPasswordRequest = Schemas['ForgotPasswordRequest'];

/** PUT /api/user/reset-password */
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];

/** POST /api/user/subscription-code-register */
export type SubscriptionCodeRegisterRequest = Schemas['CodeRegisterRequest'];

/** GET /api/user/account */
export type AccountResponse = Schemas['UserResult'];

/** POST /api/user/delete */
export type DeleteAccountRequest = Schemas['DeleteAccountRequest'];

// ---- social login ---------------------------------------------------------------------------

/** GET /api/{provider}/login/oauth?origin=login&redirect=... */
export type OAuthUrlResponse = Schemas['AuthorizationUrl'];
export type SignInOrigins = Schemas['SignInOrigins'];

/** GET /api/{provider}/login/oauth/callback?code=...&state=... */
export type OAuthCallbackResponse = Schemas['SignedInResult'];

// ---- analytics ------------------------------------------------------------------------------

export type AnalyticsEventName = 'start_for_free_click';

/** POST /api/analytics/events (the generated type, with the event names the app uses). */
export type AnalyticsEventRequest = Omit<Schemas['AnalyticsEventRequest'], 'name'> & {
  name: AnalyticsEventName | (string & {});
};

// ---- catalogue (docs/catalogue.md) ----------------------------------------------------------
// Dates are epoch milliseconds; ids are int64 numbers. `image`, `small_image` and `photo` are
// public URLs under /media/public/... (possibly empty); premium media come as signed URLs.

/** CategoryRef { id, subid, name } */
export type CategoryRef = Schemas['CategoryRef'];

/** CategoryView { id, subid, name, small_image, description, bookCount } */
export type CategoryView = Schemas['CategoryView'];

/** BookRef { id, subid, title, author, image } */
export type BookRef = Schemas['BookRef'];

/** A book as listed: never its text or premium media. `image` may be empty. */
export type BookCard = Schemas['BookCard'];

/** The reader's book: BookCard fields + the text the caller may read and the access flags. */
export type BookDetail = Schemas['BookDetail'];

/** BookPage { books, total, page, pageSize, pages } (GET /api/catalogue/books) */
export type BookPage = Schemas['BookPage'];

/** GET /api/books: the home page (`user` is null for visitors). */
export type HomeBooksResult = Schemas['HomeBooksResult'];

/** The home page's `recommendations` { newReleases, recommended, history }. */
export type Recommendations = Schemas['Recommendations'];

/** GET /api/books/list?start= */
export type BooksMapResult = Schemas['BooksMapResult'];

/** GET /api/books/{id} (id or subid) */
export type BookResult = Schemas['BookResult'];

/** GET /api/categories */
export type CategoriesResult = Schemas['CategoriesResult'];

/** PUT /api/user/recommends body */
export type RecommendsRequest = Schemas['RecommendsRequest'];

/** PUT /api/user/recommends */
export type RecommendsResult = Schemas['RecommendsResult'];

/** Sorts of GET /api/catalogue/books (and the /booklist/{sort}/{tag} segment); the schema says only `string`. */
export type CatalogueSort = 'new' | 'trending' | 'ab' | 'audio' | 'video';

/** CollectionView { id, slug, title, description, image, bookCount } */
export type CollectionView = Schemas['CollectionView'];

/** GET /api/collections */
export type CollectionsResult = Schemas['CollectionsResult'];

/** GET /api/collections/{slug} */
export type CollectionResult = Schemas['CollectionResult'];

/** AuthorView { id, slug, name, bio, photo, bookCount } */
export type AuthorView = Schemas['AuthorView'];

/** GET /api/authors */
export type AuthorsResult = Schemas['AuthorsResult'];

/** GET /api/authors/{slug} */
export type AuthorResult = Schemas['AuthorResult'];

/** BlogPostCard { id, slug, title, excerpt, image (empty when none), category, publishedAt } */
export type BlogPostCard = Schemas['BlogPostCard'];

/** BlogPostCard + { body } (sanitised HTML) */
export type BlogPost = Schemas['BlogPost'];

/** GET /api/blog?category= (newest first) */
export type BlogResult = Schemas['BlogResult'];

/** GET /api/blog/{id} (id or slug) */
export type BlogPostResult = Schemas['BlogPostResult'];

/** GET /api/search?q=&page= */
export type SearchResult = Schemas['SearchResult'];

/** One entry of GET /api/infographics; `image` is a signed URL for paid members, else null. */
export type Infographic = Schemas['Infographic'];

/** GET /api/infographics */
export type InfographicsResult = Schemas['InfographicsResult'];

/** VisualCard { id (the book id), book, count } (no images or text) */
export type VisualCard = Schemas['VisualCard'];

/** VisualSlide { id, position, image (signed URL), title, body } */
export type VisualSlide = Schemas['VisualSlide'];

/** GET /api/visuals */
export type VisualsResult = Schemas['VisualsResult'];

/** GET /api/visuals/book/{id} (id or subid); `visuals` is empty unless the caller may see them. */
export type BookVisualsResult = Schemas['BookVisualsResult'];

// ---- reading progress, library, ratings (docs/progress.md) ----------------------------------

/** PUT /api/user-book-history/ {bookId (id or subid), position (section index), completed} */
export type PositionSaveRequest = Schemas['PositionSaveRequest'];

/** { position (after clamping), completed, firstCompletion, xpGained (10 on the first completion) } */
export type PositionSaveResult = Schemas['PositionSaveResult'];

/** GET /api/user-book-history/xp: completions, XP, streaks, awards, level and skills. */
export type ProgressResult = Schemas['ProgressResult'];

/** POST /api/library {bookId} */
export type LibraryRequest = Schemas['LibraryRequest'];

/** POST /api/library, DELETE /api/library/{id}: { bookId, isInLibrary } */
export type LibraryChange = Schemas['LibraryChange'];

/** GET /api/library?page= { user, books, page, pageSize (20), total, hasMore } */
export type LibraryResult = Schemas['LibraryResult'];

/** PUT /api/books/rating/{id} { rating (1 to 5), feedback (at most 500 characters), subid, bookId } */
export type RatingRequest = Schemas['RatingRequest'];

/** { bookId, rating, hasRatingsFromUser } */
export type RatingResult = Schemas['RatingResult'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
