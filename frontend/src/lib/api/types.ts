/**
 * The request and response types that several parts of the app share: those two or more features
 * use, or lib, components or app, and the envelope generics. A type only one feature uses lives in
 * that feature's `api/types.ts` (`src/features/<name>/api/types.ts`), written the same way.
 *
 * The server's own types come from `schema.ts`, which `cargo xtask codegen` generates from the
 * server's OpenAPI document (`openapi.json`); `cargo xtask test` fails when they are stale. Only
 * the envelope generics and a few narrower names (event names) are written by hand.
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
export type FreeSummariesResult = Schemas['FreeSummariesResult'];

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

// ---- billing (plans, checkout, subscription) ------------------------------------------------
// Amounts are integer US cents; dates are epoch milliseconds.

/** A plan as the pricing and payment pages show it { id, name, kind, interval, trialDays, price, ... }. */
export type PlanView = Schemas['PlanView'];

/** GET /api/plans (cheapest first) */
export type PlansResult = Schemas['PlansResult'];

/** POST /api/charge/price {planId} */
export type PriceRequest = Schemas['PriceRequest'];

/** { price, bookTitle, course, paypalPlan, plan } */
export type PriceResult = Schemas['PriceResult'];

/** POST /api/charge/coupon {coupon, planId} */
export type CouponRequest = Schemas['CouponRequest'];

/** { percent_off, amountOff, paypalPlan } */
export type CouponResult = Schemas['CouponResult'];

/** GET /api/site: the footer's contact and store links, each null when not configured. */
export type SiteLinks = Schemas['SiteLinksResult'];

/** GET /api/offer: the site's offer while one runs (the banner's coupon), or null. */
export type SiteOfferResult = Schemas['SiteOfferResult'];
export type SiteOffer = Schemas['SiteOfferView'];

/** POST /api/charge/quote {planId, quantity, addInfographics, couponCode} */
export type QuoteRequest = Schemas['QuoteRequest'];

/** { unitPrice, addOnPrice, subtotal, percentOff, discount, total, ... } */
export type QuoteResult = Schemas['QuoteResult'];

/** GET /api/charge/settings: which providers the page offers and where their scripts are. */
export type PaymentSettings = Schemas['PaymentSettingsResult'];

/** POST /api/charge/process/{planId} */
export type ChargeRequest = Schemas['ChargeRequest'];

/** What a card or PayPal checkout came to (`succeeded` or `requires_action`). */
export type ChargeResult = Schemas['ChargeResult'];

/** POST /api/charge/confirm {chargeId} (after 3-D Secure) */
export type ConfirmRequest = Schemas['ConfirmRequest'];

/** POST /api/paypal/start */
export type PayPalStartRequest = Schemas['PayPalStartRequest'];

/** { orderId } for one-time plans, { subscriptionId } for subscriptions */
export type PayPalStartResult = Schemas['PayPalStartResult'];

/** POST /api/paypal {orderId | subscriptionId} */
export type PayPalCompleteRequest = Schemas['PayPalRequest'];

/** { planId, planName, paidWith (card | paypal), status, periodEnd, renews } */
export type SubscriptionView = Schemas['SubscriptionView'];

/** GET /api/charge/standing: what buying a plan means for the caller before paying. */
export type StandingResult = Schemas['StandingResult'];

/** POST /api/charge/payment-method and its confirm: a subscription's new card. */
export type CardSetupResult = Schemas['CardSetupResult'];
export type CardUpdateResult = Schemas['CardUpdateResult'];

/** A team seat { id, code, state, invitedEmail, invitedAt, redeemedBy, redeemedAt } (dates epoch ms) */
export type Seat = Schemas['SeatView'];

/** free, invited, redeemed or revoked */
export type SeatState = Seat['state'];

/** GET /api/teams/seats, POST /api/teams/seats/{id}/revoke */
export type SeatsResult = Schemas['SeatsResult'];

/** POST /api/teams/seats/{id}/invite {email} */
export type InviteSeatRequest = Schemas['InviteSeatRequest'];

/** { seat } after an invitation */
export type SeatResult = Schemas['SeatResult'];

// ---- back office (admins with two-factor on; others get 403 forbidden / mfa_required) --------
// Dates are epoch milliseconds unless said otherwise.

/** A member as the back office lists and edits them. */
export type AdminUser = Schemas['AdminUserView'];

/** GET /api/admin/user/{start}?q= (100 from `start`, newest first) */
export type AdminUsersResult = Schemas['AdminUsersResult'];

/** GET /api/admin/user/edit/{userId} and PUT /api/admin/user: `user` is a list, the first is used. */
export type AdminUserEditResult = Schemas['AdminUserEditResult'];

/** PUT /api/admin/user (a change of plan, paid date or end needs a `reason`). */
export type AdminUserRequest = Schemas['AdminUserRequest'];

/** One row of GET /api/admin/books/ (deleted ones too, with the month's preview marked). */
export type AdminBookRow = Schemas['AdminBookRowView'];

/** GET /api/admin/books/?sort= */
export type AdminBooksResult = Schemas['AdminBooksResult'];

/** Every field of a book, with media as store keys and links. */
export type AdminBook = Schemas['AdminBookView'];

/** GET/PUT /api/admin/books/{bookId}, POST /api/admin/books/ */
export type AdminBookResult = Schemas['AdminBookResult'];

/** POST /api/admin/books/ and PUT /api/admin/books/{bookId} */
export type AdminBookRequest = Schemas['AdminBookRequest'];

/** Multipart POST /api/admin/books/{slot}/{id}: the spec's success text and the book. */
export type AdminUploadResult = Schemas['UploadResult'];

/** GET /api/admin/stats?from=&to= */
export type AdminStats = Schemas['StatsResult'];

/** The last reconciliation of charges and subscriptions with the payment providers. */
export type ReconcileReport = Schemas['ReconcileView'];
export type ReconcileProblem = Schemas['ProblemView'];

/** One day of the stats series. */
export type AdminStatsDay = Schemas['DayView'];

/** One entry of GET /api/admin/audit (`before`/`after` hold the changed fields). */
export type AuditEntry = Schemas['AuditEntryView'];

/** GET /api/admin/audit?action=&entityId=&beforeId= (newest first, 100 at a time) */
export type AuditResult = Schemas['AuditResult'];

// ---- back office II: podcasts, goals, blog, insights, collections, visuals -------------------
// `*Url` fields are links ready to use (premium files signed); the bare key fields are store keys.

/** A podcast as the back office lists and edits it. */
export type AdminPodcastView = Schemas['AdminPodcastView'];

/** POST /api/admin/podcasts/ and PUT /api/admin/podcasts/{id} */
export type AdminPodcastRequest = Schemas['AdminPodcastRequest'];

/** Multipart POST /api/admin/podcasts/media|photo/{id}: the success text and the podcast. */
export type PodcastUploadResult = Schemas['PodcastUploadResult'];

/** A goal as the back office lists and edits it (`photov2` is the featured photo). */
export type AdminGoalView = Schemas['AdminGoalView'];

/** POST /api/admin/goals/ and PUT /api/admin/goals/{id} */
export type AdminGoalRequest = Schemas['AdminGoalRequest'];

/** Multipart POST /api/admin/goals/photo|feature-photo/{id} */
export type GoalUploadResult = Schemas['GoalUploadResult'];

/** A blog post as the back office lists and edits it (drafts too; `text` is sanitised HTML). */
export type AdminBlogPostView = Schemas['AdminBlogPostView'];

/** POST /api/admin/blog and PUT /api/admin/blog (with `id`) */
export type AdminBlogRequest = Schemas['AdminBlogRequest'];

/** Multipart POST /api/admin/blog/photo/{postId} */
export type BlogUploadResult = Schemas['BlogUploadResult'];

/** One row of GET /api/admin/insight (`title` is the book's title). */
export type AdminInsightRow = Schemas['AdminInsightRow'];

/** GET /api/admin/insight/{id}; `bookId` is the book's numeric id as a string. */
export type AdminInsightView = Schemas['AdminInsightView'];

/** POST /api/admin/insight and PUT /api/admin/insight (with `id`) */
export type AdminInsightRequest = Schemas['AdminInsightRequest'];

/** A collection as the back office lists and edits it (`categories` and `books`: comma-joined ids). */
export type AdminCollectionView = Schemas['AdminCollectionView'];

/** `{values}` of POST /admin/collections/add and /admin/collections/detail/{id} */
export type AdminCollectionValues = Schemas['AdminCollectionValues'];

/** A visual slide as the back office lists and edits it. */
export type AdminVisualView = Schemas['AdminVisualView'];

/** POST /api/admin/visuals and PUT /api/admin/visuals/{id} */
export type AdminVisualRequest = Schemas['AdminVisualRequest'];

/** Multipart POST /api/admin/visuals/photo/{id} */
export type VisualUploadResult = Schemas['VisualUploadResult'];

// ---- podcasts, insights and goals for members ------------------------------------------------

/** One card of GET /api/podcasts. */
export type PodcastCard = Schemas['PodcastCard'];

/** GET /api/podcasts/{id}: `mediaUrl` only for members who may play it; `locked` when there is audio they may not. */
export type PodcastView = Schemas['PodcastView'];

/** One quote of GET /api/insights?limit=&book= with its book. */
export type InsightCard = Schemas['InsightCard'];

/** One goal of GET /api/goals. */
export type GoalView = Schemas['GoalView'];

// ---- the ten-day challenge (/ten-day-challenge; docs/challenge.md) -----------------------------

/**
 * GET /api/goals { goals, userGoals (the member's saved goal ids; [] for visitors or no saved plan),
 * userBookRecommendations (the saved plan, day 1 to 10; [] when none) }
 */
export type GoalsResult = Schemas['GoalsResult'];

/** One book of a plan { id, subid, title, author, image (may be ''), dayNo (1 to 10), done (always false for visitors) } */
export type ChallengeBook = Schemas['ChallengeBook'];

/** POST /api/user/ten-day-challenge { goals (one or two goal ids), email (the plan is mailed there) } */
export type TenDayChallengeRequest = Schemas['TenDayChallengeRequest'];

/** The plan just made { books (10, fewer only with a tiny catalogue), bookIds, userGoalTitles } */
export type TenDayPlan = Schemas['TenDayPlan'];

/** POST /api/user/ten-day-challenge-submit { goals, bookIds } (members only) */
export type TenDayChallengeSubmit = Schemas['TenDayChallengeSubmit'];

/** The saved plan { userGoals, userBookRecommendations } */
export type SavedTenDayPlan = Schemas['SavedTenDayPlan'];

// ---- contact, suggest a book, feedback and the admin's messages (issue 15) ---------------------

/** One stored contact, suggest-a-book or feedback message (`createdAt` RFC 3339). */
export type AdminMessage = Schemas['MessageView'];

/** GET /api/admin/messages?start=&filter=all|unread: 50 newest first, with the counts. */
export type AdminMessagesPage = Schemas['MessagesPage'];

// ---- the affiliate programme (issue 15 §1; docs/referral.md) ---------------------------

/** One affiliate as the back office lists it: the member's id and account e-mail, `decidedAt` too. */
export type AdminAffiliate = Schemas['AdminAffiliate'];

/** GET /api/admin/affiliates?start=&filter=all|pending|approved|rejected: 50, pending first, with the counts. */
export type AdminAffiliatesPage = Schemas['AdminAffiliatesPage'];

/** PUT /api/admin/affiliates/{userId} { status: 'approved' | 'rejected' } */
export type AffiliateDecision = Schemas['AffiliateDecision'];

/** The answer of a decision or a payout: { affiliate } as the back office lists it. */
export type AdminAffiliateResult = Schemas['AdminAffiliateResult'];

/** POST /api/admin/affiliates/{userId}/payouts { amountCents, note } */
export type PayoutRequest = Schemas['PayoutRequest'];

// ---- coupons in the back office ---------------------------------------------------------------

/**
 * A coupon as the back office shows it: `percentOff` (0 for an amount off) or `amountOff` (cents, 0
 * for a percentage), `validFrom` / `validUntil` / `endedAt` (epoch ms or null), `maxRedemptions`
 * (null: no limit), `planIds` (empty: every plan) and `state` ('running' | 'scheduled' | 'used up' |
 * 'expired' | 'ended').
 */
export type AdminCouponView = Schemas['AdminCouponView'];

/** GET /api/admin/coupons { coupons }, newest first. */
export type AdminCouponsResult = Schemas['AdminCouponsResult'];

/** GET, POST and PUT /api/admin/coupons[/{code}] and POST .../end: { coupon, uses (the latest 100, newest first) }. */
export type AdminCouponResult = Schemas['AdminCouponResult'];

/** One purchase that used a coupon { chargeId, email, planId, amount (cents), status, at (epoch ms) }. */
export type CouponUseView = Schemas['CouponUseView'];

/** POST /api/admin/coupons and PUT /api/admin/coupons/{code}: the whole coupon and a reason (the code only when adding). */
export type AdminCouponRequest = Schemas['AdminCouponRequest'];

/** POST /api/admin/coupons/{code}/end { reason } */
export type AdminEndCouponRequest = Schemas['AdminEndCouponRequest'];

// ---- plans in the back office -----------------------------------------------------------------

/** A plan as the back office shows it: the public plan's fields, `active` (sold now) and `paypalPlan` (a subscription's PayPal billing plan, or null). */
export type AdminPlanView = Schemas['AdminPlanView'];

/** GET /api/admin/plans { plans }, cheapest first, every plan but single-book plans. */
export type AdminPlansResult = Schemas['AdminPlansResult'];

/** PUT /api/admin/plans/{id}: { plan } as stored. */
export type AdminPlanResult = Schemas['AdminPlanResult'];

/** PUT /api/admin/plans/{id} { name?, price? (cents), trialDays? (subscriptions only), active?, reason } */
export type AdminPlanRequest = Schemas['AdminPlanRequest'];

/** GET /api/quizzes/{quiz}: the questions in order and every type with its free-view summary. */
export type QuizDefinition = Schemas['QuizDefinition'];
export type QuizQuestion = Schemas['QuizQuestion'];
export type QuizType = Schemas['QuizType'];

/** POST /api/quiz-results/{quiz} { counts }: scored (and kept for members). */
export type QuizAnswers = Schemas['QuizAnswers'];

/** The results page's view: top type(s), whether kept, whether the full report was bought. */
export type QuizResult = Schemas['QuizResult'];
export type TopType = Schemas['TopType'];

/** GET /api/quiz-results/{quiz}/report: every type, highest first, with descriptions and books. */
export type QuizReport = Schemas['QuizReport'];
export type ReportType = Schemas['ReportType'];
export type ReportBook = Schemas['ReportBook'];

/** POST /api/onboarding/plan { goals, categories }: answered with a TenDayPlan. */
export type OnboardingChoices = Schemas['OnboardingChoices'];

/** The AI summariser: a job and its result. */
export type AiSummary = Schemas['AiSummary'];
export type AiSummaryStatus = Schemas['AiSummaryStatus'];
export type AiSummaryDetail = Schemas['AiSummaryDetail'];
export type AiSection = Schemas['AiSection'];

/** POST /api/ai/url { url } */
export type AiLinkRequest = Schemas['AiLinkRequest'];

/** PUT /api/user/ten-day-challenge/reminders { reminders }: the saved plan's daily mails on or off. */
export type RemindersSetting = Schemas['RemindersSetting'];

/** POST /api/ten-day-challenge/unsubscribe { token }: the reminder mail's link (no sign-in). */
export type UnsubscribeRequest = Schemas['UnsubscribeRequest'];
