import { HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import type { paths } from '@/lib/api/schema';
import type { CategoriesResult, ErrorBody, RecommendsResult, SearchResult } from '@/lib/api/types';
import type { BlogPostResult, BlogResult } from '@/features/blog/api/types';
import type { AuthorResult, AuthorsResult, BookPage, CollectionResult, CollectionsResult, InfographicsResult } from '@/features/catalogue/api/types';
import type { HomeBooksResult } from '@/features/home/api/types';
import type { ProgressResult } from '@/features/progress/api/types';
import type { LibraryChange, PositionSaveResult, RatingResult } from '@/features/reader/api/types';
import { couponFromRequest, makeAdminCoupon, makeAdminPlans, planFromRequest } from './admin-data';
import { PLANS, makeCharge, makeQuote, makeRedeemed, makeSettings, planById } from './billing-data';
import { makeKindle } from './delivery-data';
import { makeHighlight } from './highlight-data';
import { makeChallengeBooks, makeTenDayPlan } from './challenge-data';
import { ADMIN_GOALS, GOALS } from './content-data';
import { BOOKS, CATEGORIES, bookPage, makeAuthor, makeCollection, makePost, makeSession, makeUser } from './data';
import { libraryPage, makeProgress } from './progress-data';
import { makeAdminPodcastFeed, makePodcastFeed } from './podcast-feed-data';
import { makeReferrals } from './referral-data';
import { makeReviewQueue } from './review-data';
import { makeQuizDefinition, makeQuizResult, type QuizId } from './quiz-data';

/** The API origin the client uses under jsdom (page at http://localhost:3000). */
export const API = 'http://localhost:4000';

/**
 * msw's `http`, typed by the server's OpenAPI paths (`paths` in schema.ts): faking a path or method
 * the server does not serve, or answering with a result of the wrong shape, is a type error. Paths
 * are written as the schema lists them (`/api/books/{id}`), without the origin.
 */
export const http = createOpenApiHttp<paths>({ baseUrl: API });

/** The configured providers' sign-in page origins the fake server reports. */
export const SIGN_IN_ORIGINS = ['https://accounts.google.com', 'https://appleid.example.com'];

/** `{"status":"ok","result":...}`; the handler's path decides which results type-check. */
export const ok = <T>(result: T, init?: ResponseInit) => HttpResponse.json<{ status: string; result: T }>({ status: 'ok', result }, init);

/**
 * `{"status":"error","error":"...","code":"..."}` (the schema's ErrorBody). A path whose schema lists
 * no error answer (a 500, say) takes it through `response.untyped(fail(...))`.
 */
export const fail = (status: number, error: string, code = 'error', extra: { notLoggedIn?: boolean } = {}) =>
  HttpResponse.json<ErrorBody>({ status: 'error', error, code, ...extra }, { status });

export const notLoggedIn = () => fail(401, 'Please log in.', 'not_logged_in', { notLoggedIn: true });

/** A plausible server: every test may override single calls with server.use(...). */
export const handlers = [
  http.get('/api/user/session', () => ok({ user: makeUser({ id: 1 }) })),
  http.get('/api/user/highlights/book/{id}', () => ok({ highlights: [] })),
  // An edit keeps what the body says (colour, note, the review mark).
  http.patch('/api/user/highlights/{id}', async ({ request, params }) => {
    const { colour, note, review } = await request.json();
    return ok(makeHighlight({ id: Number(params.id), colour: colour ?? 'yellow', note: note || null, review: review ?? false }));
  }),
  http.get('/api/user/account', () => ok({ user: makeUser({ id: 1 }) })),
  http.get('/api/free-summaries', () => ok({ freeSummaries: { left: 3, allowance: 3, inviteBonusAvailable: true } })),
  http.post('/api/user/login', () => ok({ token: 'login-token', user: makeUser({ id: 1 }) })),
  http.post('/api/user/register', () => ok({ token: 'register-token', user: makeUser({ id: 2 }) })),
  http.post('/api/user/subscription-code-register', () => ok({ token: 'code-token', user: makeUser({ id: 3 }) })),
  http.post('/api/user/refresh-token', () => fail(401, 'Your session has expired.', 'refresh_invalid')),
  http.post('/api/user/logout', () => ok({})),
  http.put('/api/user/forgot-password', () => ok({})),
  http.put('/api/user/reset-password', () => ok({})),
  http.post('/api/user/delete', () => ok({})),
  // A member without two-factor, signed in on this browser only.
  http.get('/api/user/two-factor', () => ok({ enabled: false, recoveryCodesLeft: 0 })),
  http.get('/api/user/sessions', () => ok({ sessions: [makeSession({ current: true })] })),
  // No podcast feed yet (the account page asks; so does a member's page in the back office).
  http.get('/api/user/podcast-feed', () => ok(makePodcastFeed())),
  http.get('/api/admin/user/{userId}/podcast-feed', () => ok(makeAdminPodcastFeed())),
  http.post('/api/analytics/events', () => ok({})),
  http.get('/api/google/login/oauth', () => fail(503, 'Google sign-in is not configured.', 'provider_not_configured')),
  http.get('/api/apple/login/oauth', () => fail(503, 'Apple sign-in is not configured.', 'provider_not_configured')),
  http.get('/api/sign-in/origins', () => ok({ origins: SIGN_IN_ORIGINS })),
  ...catalogueHandlers(),
  ...progressHandlers(),
  ...reviewHandlers(),
  ...billingHandlers(),
  ...referralHandlers(),
  ...challengeHandlers(),
  ...quizHandlers(),
  ...adminHandlers(),
];

/** Catalogue, discovery, blog and preferences calls (docs/catalogue.md). */
function catalogueHandlers() {
  const toCard = ({ body: _body, ...card }: ReturnType<typeof makePost>) => card;
  return [
    http.get('/api/books', () =>
      ok<HomeBooksResult>({
        user: makeUser({ id: 1, recommends: [1] }),
        books: BOOKS,
        categories: CATEGORIES,
        recommendations: { newReleases: BOOKS, recommended: BOOKS.slice(0, 2), history: [] },
      }),
    ),
    http.get('/api/categories', () => ok<CategoriesResult>({ categories: CATEGORIES })),
    http.put('/api/user/recommends', async ({ request }) => {
      const body = await request.json();
      return ok<RecommendsResult>({ user: makeUser({ id: 1, recommends: body.recommends }) });
    }),
    http.get('/api/catalogue/books', () => ok<BookPage>(bookPage(BOOKS))),
    http.get('/api/collections', () => ok<CollectionsResult>({ collections: [makeCollection({ id: 1 }), makeCollection({ id: 2 })] })),
    http.get('/api/collections/{slug}', ({ params }) =>
      ok<CollectionResult>({ collection: makeCollection({ id: 1, slug: String(params.slug) }), books: BOOKS.slice(0, 2) }),
    ),
    http.get('/api/authors', () => ok<AuthorsResult>({ authors: [makeAuthor({ id: 1 }), makeAuthor({ id: 2 })] })),
    http.get('/api/authors/{slug}', ({ params }) => ok<AuthorResult>({ author: makeAuthor({ id: 1, slug: String(params.slug) }), books: BOOKS.slice(0, 1) })),
    http.get('/api/blog', () => ok<BlogResult>({ posts: [toCard(makePost({ id: 1 })), toCard(makePost({ id: 2 }))] })),
    http.get('/api/blog/{id}', ({ params }) => ok<BlogPostResult>({ post: makePost({ id: 1, slug: String(params.id) }) })),
    http.get('/api/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      return ok<SearchResult>({ query: q, books: BOOKS.slice(0, 1), total: 1, page: 1, pageSize: 20 });
    }),
    // Issue 14: none of these yet unless a test says so (goals: two).
    http.get('/api/podcasts', () => ok({ podcasts: [] })),
    http.get('/api/insights', () => ok({ insights: [] })),
    http.get('/api/goals', () => ok({ goals: GOALS, userGoals: [], userBookRecommendations: [], reminders: false })),
    // The book form's goals (the admin calls are faked per test otherwise).
    http.get('/api/admin/goals/', () => ok({ goals: ADMIN_GOALS })),
    http.get('/api/infographics', () =>
      ok<InfographicsResult>({
        infographics: BOOKS.map(({ id, subid, title, author, image }) => ({ book: { id, subid, title, author, image }, image: null })),
      }),
    ),
  ];
}

/** Reading progress, library and ratings (docs/progress.md): a member with nothing read yet. */
function progressHandlers() {
  return [
    http.put('/api/user-book-history/', async ({ request }) => {
      const body = await request.json();
      return ok<PositionSaveResult>({ position: Number(body.position), completed: Boolean(body.completed), firstCompletion: false, xpGained: 0 });
    }),
    http.post('/api/user-book-history/{id}', () => ok({})),
    http.get('/api/user-book-history/xp', () => ok<ProgressResult>(makeProgress())),
    http.get('/api/library', ({ request }) => ok(libraryPage([], Number(new URL(request.url).searchParams.get('page') ?? '1')))),
    http.post('/api/library', async ({ request }) => {
      const body = await request.json();
      return ok<LibraryChange>({ bookId: Number(body.bookId), isInLibrary: true });
    }),
    http.delete('/api/library/{id}', ({ params }) => ok<LibraryChange>({ bookId: Number(params.id), isInLibrary: false })),
    http.put('/api/books/rating/{id}', async ({ request, params }) => {
      const body = await request.json();
      return ok<RatingResult>({ bookId: Number(params.id), rating: Number(body.rating), hasRatingsFromUser: true });
    }),
  ];
}

/** The daily review (docs/review.md): nothing to review; ratings count and earn 1 XP; any setting is kept. */
function reviewHandlers() {
  return [
    http.get('/api/user/review', () => ok(makeReviewQueue())),
    http.get('/api/user/review/summary', () => ok({ toReview: 0 })),
    http.post('/api/user/review/{id}', async ({ request }) => {
      const body = await request.json();
      return ok({ counted: true, xpGained: 1, reps: Number(body.reps) + 1, due: Date.now() + 86_400_000 });
    }),
    http.put('/api/user/review/settings', async ({ request }) => {
      const body = await request.json();
      return ok({ newPerDay: Number(body.newPerDay) });
    }),
  ];
}

/** Plans, checkout and the subscription: card and PayPal on, every payment succeeds. */
function billingHandlers() {
  return [
    http.get('/api/plans', () => ok({ plans: PLANS })),
    // The footer's configured links: a phone and the App Store (Google Play unset).
    http.get('/api/site', () =>
      ok({
        supportEmail: 'support@gistbook.app',
        supportPhone: '+1 (555) 010-4242',
        appStoreUrl: 'https://apps.apple.com/app/gistbook/id1',
        googlePlayUrl: null,
      }),
    ),
    // No infographic purchases unless a test adds some.
    http.get('/api/charge/infographics', () => ok({ purchases: [] })),
    // No running offer unless a test sets one.
    http.get('/api/offer', () => ok({ offer: null })),
    http.post('/api/charge/price', async ({ request }) => {
      const { planId } = await request.json();
      const plan = planById(planId ?? '');
      if (!plan) return fail(400, 'Invalid plan id', 'invalid_plan');
      return ok({ price: plan.price, bookTitle: null, course: null, paypalPlan: null, plan });
    }),
    http.post('/api/charge/quote', async ({ request }) => {
      const body = await request.json();
      if (!planById(body.planId ?? '')) return fail(400, 'Invalid plan id', 'invalid_plan');
      const plan = planById(body.planId ?? '');
      const quantity = Number(body.quantity ?? 1);
      if (plan && (quantity < plan.minQuantity || quantity > plan.maxQuantity)) {
        return fail(
          400,
          plan.minQuantity > 1 ? `Please choose a quantity >= ${plan.minQuantity}` : 'Please choose a quantity from 1 to 200.',
          'invalid_quantity',
        );
      }
      return ok(makeQuote(body.planId ?? '', Number(body.addInfographics ?? 0), body.couponCode ? 25 : 0, quantity));
    }),
    http.post('/api/charge/coupon', () => ok({ percent_off: 25, amountOff: 0, paypalPlan: null })),
    http.get('/api/charge/settings', () => ok(makeSettings())),
    // Nothing held yet: every plan may be bought, with its own trial.
    http.get('/api/charge/standing', ({ request }) => {
      const plan = planById(new URL(request.url).searchParams.get('planId') ?? '');
      if (!plan) return fail(400, 'Invalid plan id', 'invalid_plan');
      return ok({ refusal: null, replaces: [], trialDays: plan.trialDays, trialUsedOn: null });
    }),
    http.get('/api/user/grants', () => ok({ grants: [] })),
    http.post('/api/charge/process/{planId}', () => ok(makeCharge())),
    http.post('/api/charge/confirm', () => ok(makeCharge())),
    http.post('/api/paypal/start', () => ok({ orderId: 'ORDER-1', subscriptionId: null })),
    http.post('/api/paypal', () => ok(makeCharge())),
    http.post('/api/user/mark-as-paid', () => ok({ isPaid: true, planId: 'monthly', endPaidDate: Date.UTC(2099, 0, 4) })),
    http.get('/api/charge/subscription', () => ok({ subscription: null })),
    http.post('/api/user/redeem', () => ok(makeRedeemed())),
    http.post('/api/user/stacksocial', () => ok(makeRedeemed({ planId: 'stacksocial-ltd', endPaidDate: null }))),
    // A member who bought no team seats, with no Kindle address yet.
    http.get('/api/teams/seats', () => ok({ seats: [] })),
    http.get('/api/kindle/has-kindle', () => ok(makeKindle())),
    http.post('/api/charge/cancel', () => fail(409, 'You have no subscription that renews, so there is nothing to turn off.', 'nothing_to_cancel')),
  ];
}

/**
 * Referrals, invites and affiliates (issue 15 §1-2): a link that brought nobody yet; every invite is
 * the first; a member who never applied to the affiliate programme.
 */
function referralHandlers() {
  return [
    http.get('/api/user/refers', () => ok(makeReferrals())),
    http.get('/api/affiliate', () => ok({ affiliate: null })),
    http.post('/api/contact/invite', async ({ request }) => {
      const body = await request.json();
      return ok({ friendEmail: body.friendEmail ?? '', firstInvite: true });
    }),
  ];
}

/**
 * The ten-day challenge (docs/challenge.md; GET /api/goals is with the catalogue's calls): every plan
 * is ten books, and saving one answers it saved (GET /api/goals still says no plan unless a test says so).
 */
function challengeHandlers() {
  return [
    http.post('/api/user/ten-day-challenge', async ({ request }) => {
      const body = await request.json();
      return ok(makeTenDayPlan(body.goals ?? []));
    }),
    http.post('/api/user/ten-day-challenge-submit', async ({ request }) => {
      const body = await request.json();
      return ok({ userGoals: body.goals ?? [], userBookRecommendations: makeChallengeBooks() });
    }),
    // Issue 16 §1: the saved plan's reminders as asked; any unsubscribe link is good.
    http.put('/api/user/ten-day-challenge/reminders', async ({ request }) => {
      const body = await request.json();
      return ok({ reminders: body.reminders });
    }),
    http.post('/api/ten-day-challenge/unsubscribe', () => ok({})),
  ];
}

/**
 * The quizzes: the fixtures' questions; results answered as the server scores them (kept when the
 * bearer goes along); no member has kept results or bought a report unless a test says so.
 */
function quizHandlers() {
  const quizOf = (quiz: string): QuizId => (quiz === 'personality-quiz' ? 'personality-quiz' : 'quiz');
  return [
    http.get('/api/quizzes/{quiz}', ({ params }) => ok(makeQuizDefinition(quizOf(params.quiz)))),
    http.post('/api/quiz-results/{quiz}', async ({ request, params }) => {
      const body = await request.json();
      return ok(makeQuizResult(quizOf(params.quiz), body.counts, { saved: request.headers.has('Authorization') }));
    }),
    http.get('/api/quiz-results/{quiz}', ({ request }) =>
      request.headers.has('Authorization') ? fail(404, 'You have not taken this quiz yet.', 'not_found') : notLoggedIn(),
    ),
    http.get('/api/quiz-results/{quiz}/report', () => fail(403, 'The full report comes with the quiz results plan.', 'report_not_bought')),
    http.get('/api/quiz-results/{quiz}/report.pdf', () => fail(403, 'The full report comes with the quiz results plan.', 'report_not_bought')),
  ];
}

/**
 * The back office's calls that answer the same for any admin (the shell's access calls are
 * `adminAccess()` in admin-data.ts). Coupons: one running coupon; an add or a save answers the
 * coupon as sent, and ending answers it ended. Plans: the seed's plans but the single-book one;
 * a save answers the plan as sent.
 */
function adminHandlers() {
  return [
    http.get('/api/admin/coupons', () => ok({ coupons: [makeAdminCoupon()] })),
    http.get('/api/admin/coupons/{code}', ({ params }) => ok({ coupon: makeAdminCoupon({ code: String(params.code).toUpperCase() }), uses: [] })),
    http.post('/api/admin/coupons', async ({ request }) => ok({ coupon: couponFromRequest(await request.json()), uses: [] })),
    http.put('/api/admin/coupons/{code}', async ({ request, params }) =>
      ok({ coupon: couponFromRequest(await request.json(), makeAdminCoupon({ code: String(params.code).toUpperCase() })), uses: [] }),
    ),
    http.post('/api/admin/coupons/{code}/end', ({ params }) =>
      ok({ coupon: makeAdminCoupon({ code: String(params.code).toUpperCase(), endedAt: Date.now(), state: 'ended' }), uses: [] }),
    ),
    http.get('/api/admin/plans', () => ok({ plans: makeAdminPlans() })),
    http.put('/api/admin/plans/{id}', async ({ request, params }) => {
      const before = makeAdminPlans().find((plan) => plan.id === String(params.id));
      return before ? ok({ plan: planFromRequest(await request.json(), before) }) : fail(404, 'Plan not found.', 'not_found');
    }),
  ];
}
