/** Onboarding's two pages (back-office spec, Onboarding). */
export const GET_STARTED_PAGE = '/get-started';
export const SECRET_PAGE = '/secret';
/** Where the plan carried into the new account shows, saved. */
export const CHALLENGE_PAGE = '/ten-day-challenge';
/** Log in and come back to /secret (to save the plan there). */
export const SECRET_LOGIN = `/login?redirect=${encodeURIComponent(SECRET_PAGE)}`;
/** The sign-up page (with Google and Apple), back to /secret afterwards. */
export const SECRET_SIGNUP = `/signup?redirect=${encodeURIComponent(SECRET_PAGE)}`;

/** The six steps, in order. */
export const STEPS = ['goals', 'categories', 'proof', 'welcome', 'books', 'personalizing'] as const;
export type Step = (typeof STEPS)[number];

/** The progress bar per step (spec: 0, 33, 50 and 67 percent, with 83 on the last steps). */
export const PROGRESS: Record<Step, number> = {
  goals: 0,
  categories: 33,
  proof: 50,
  welcome: 67,
  books: 83,
  personalizing: 83,
};

/** Book covers shown one after another in step 5. */
export const THUMB_BOOKS = 5;

/** The personalizing counter: 1% every 20 ms, 0 to 100. */
export const COUNTER_TICK_MS = 20;
export const COUNTER_MAX = 100;
/** With reduced motion the counter moves in these steps instead (same total time). */
export const REDUCED_MOTION_STEP = 25;

/** A plan is made for one or two goals. */
export const MAX_GOALS = 2;

export const MESSAGES = {
  /** The server's texts for the goals (POST /api/onboarding/plan and the challenge). */
  pickGoal: 'Please pick one or two goals.',
  twoGoals: 'You can only pick two goals.',
  pickCategory: 'Please pick at least one category.',
  saved: 'Your plan is saved.',
} as const;
