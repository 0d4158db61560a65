/**
 * The request and response types that several parts of the app share: those two or more features
 * use, or lib, components or app; the shapes no one feature owns (BookRef, CategoryRef, ErrorBody);
 * and the envelope generics. A type only one feature uses, or whose endpoint only one feature calls,
 * lives in that feature's `api/types.ts` (`src/features/<name>/api/types.ts`), written the same way;
 * src/testing's factories import those from there.
 *
 * The server's own types come from `schema.ts`, which `cargo xtask codegen` generates from the
 * server's OpenAPI document (`openapi.json`); `cargo xtask test` fails when they are stale, and
 * `types.test.ts` beside this file checks that every alias here and in the features names one of
 * its schemas, each name defined once. Only the envelope generics and a few narrower names (event
 * names) are written by hand.
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

/** Result of register, subscription-code-register and the second step of a login. */
export type AuthResponse = Schemas['SignedInResult'];

/** GET /api/user/session */
export type SessionResponse = Schemas['UserResult'];

/** POST /api/user/refresh-token */
export type RefreshTokenResponse = Schemas['TokenResult'];

/** GET /api/user/account */
export type AccountResponse = Schemas['UserResult'];

// ---- analytics ------------------------------------------------------------------------------

export type AnalyticsEventName = 'start_for_free_click' | 'invite_sent';

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

/** GET /api/books/list?start= */
export type BooksMapResult = Schemas['BooksMapResult'];

/** GET /api/categories */
export type CategoriesResult = Schemas['CategoriesResult'];
export type FreeSummariesResult = Schemas['FreeSummariesResult'];

/** PUT /api/user/recommends body */
export type RecommendsRequest = Schemas['RecommendsRequest'];

/** PUT /api/user/recommends */
export type RecommendsResult = Schemas['RecommendsResult'];

/** GET /api/search?q=&page= */
export type SearchResult = Schemas['SearchResult'];

/** GET /api/visuals/book/{id} (id or subid); `visuals` is empty unless the caller may see them. */
export type BookVisualsResult = Schemas['BookVisualsResult'];

// ---- billing (plans, checkout, subscription) ------------------------------------------------
// Amounts are integer US cents; dates are epoch milliseconds.

/** A plan as the pricing and payment pages show it { id, name, kind, interval, trialDays, price, ... }. */
export type PlanView = Schemas['PlanView'];

/** POST /api/charge/price {planId} */
export type PriceRequest = Schemas['PriceRequest'];

/** { price, bookTitle, course, paypalPlan, plan } */
export type PriceResult = Schemas['PriceResult'];

/** GET /api/site: the footer's contact and store links, each null when not configured. */
export type SiteLinks = Schemas['SiteLinksResult'];

/** { planId, planName, paidWith (card | paypal), status, periodEnd, renews } */
export type SubscriptionView = Schemas['SubscriptionView'];

/** GET /api/teams/seats, POST /api/teams/seats/{id}/revoke */
export type SeatsResult = Schemas['SeatsResult'];

// ---- podcasts, insights and goals for members ------------------------------------------------

/** One quote of GET /api/insights?limit=&book= with its book. */
export type InsightCard = Schemas['InsightCard'];

/** One goal of GET /api/goals. */
export type GoalView = Schemas['GoalView'];

// ---- the ten-day challenge (/ten-day-challenge; docs/challenge.md) -----------------------------

/** One book of a plan { id, subid, title, author, image (may be ''), dayNo (1 to 10), done (always false for visitors) } */
export type ChallengeBook = Schemas['ChallengeBook'];

/** The plan just made { books (10, fewer only with a tiny catalogue), bookIds, userGoalTitles } */
export type TenDayPlan = Schemas['TenDayPlan'];

/** POST /api/user/ten-day-challenge-submit { goals, bookIds } (members only) */
export type TenDayChallengeSubmit = Schemas['TenDayChallengeSubmit'];

/** The saved plan { userGoals, userBookRecommendations } */
export type SavedTenDayPlan = Schemas['SavedTenDayPlan'];

// ---- highlights (the reader marks them, /highlights lists them) -----------------------------

/** A highlight: block points, quote, colour, note, `orphaned` when no longer in the summary. */
export type Highlight = Schemas['HighlightView'];
/** { book: { id, subid, title }, highlight } */
export type HighlightInBook = Schemas['HighlightInBookView'];
/** POST /api/user/highlights */
export type MarkHighlightBody = Schemas['MarkBody'];
/** PATCH /api/user/highlights/{id} (an empty note removes it) */
export type EditHighlightBody = Schemas['EditBody'];
