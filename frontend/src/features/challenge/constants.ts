import { withRedirect } from '@/lib/auth/redirect';

/** The challenge's page. */
export const CHALLENGE_PAGE = '/ten-day-challenge';

/** Log in and come back here (the login page's `redirect`): `/login?redirect=%2Ften-day-challenge`. */
export const CHALLENGE_LOGIN = withRedirect('/login', CHALLENGE_PAGE);

/** How long the "log in to save" note shows before the login page. */
export const LOGIN_DELAY_MS = 1000;

/** Books in a plan, one a day. */
export const PLAN_DAYS = 10;

export const SAVE_LOGIN_MESSAGE = 'Log in to save your plan…';
export const SAVED_MESSAGE = 'Your plan is saved.';

/** The saved plan's daily reminder mails (issue 16 §1). */
export const REMINDERS_LABEL = "E-mail me each morning at 8:00 with the day's book";
export const REMINDERS_HINT = "One e-mail on each day of your plan, at 8:00 in your account's time zone. Each e-mail has a link to stop them.";
export const REMINDERS_ON_MESSAGE = "Reminders are on. We'll e-mail you each morning at 8:00 with the day's book.";
export const REMINDERS_OFF_MESSAGE = 'Reminders are off. You will get no more reminder e-mails for this plan.';

/** The reminder mail's unsubscribe link: `/ten-day-challenge/unsubscribe?token=...`. */
export const UNSUBSCRIBE_TITLE = 'Ten-day challenge reminders';
export const UNSUBSCRIBE_INVALID_MESSAGE = 'This link is no longer valid.';
