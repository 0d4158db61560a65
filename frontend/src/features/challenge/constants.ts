/** The challenge's page. */
export const CHALLENGE_PAGE = '/ten-day-challenge';

/** Log in and come back here (the login page's `redirect`): `/login?redirect=%2Ften-day-challenge`. */
export const CHALLENGE_LOGIN = `/login?redirect=${encodeURIComponent(CHALLENGE_PAGE)}`;

/** How long the "log in to save" note shows before the login page. */
export const LOGIN_DELAY_MS = 1000;

/** Books in a plan, one a day. */
export const PLAN_DAYS = 10;

export const SAVE_LOGIN_MESSAGE = 'Log in to save your plan…';
export const SAVED_MESSAGE = 'Your plan is saved.';
