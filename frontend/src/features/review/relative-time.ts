const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Average lengths: a card's next date is a number of days, shown as the nearest month or year.
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

const format = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

/**
 * When a card comes back, relative to `now`, for the rating buttons: "in 1 day", "in 4 days",
 * "in 2 months", "in 1 year". The long-term scheduler counts whole days, so days are rounded to the
 * nearest; under a day (a card due later today) it says hours or minutes; a date not after now is "now".
 */
export function comesBackIn(due: number, now: number = Date.now()): string {
  const ms = due - now;
  if (ms < MINUTE) return 'now';
  if (ms < HOUR) return format.format(Math.round(ms / MINUTE), 'minute');
  if (ms < DAY - HOUR / 2) return format.format(Math.round(ms / HOUR), 'hour');
  const days = Math.max(1, Math.round(ms / DAY));
  if (days < 30) return format.format(days, 'day');
  const months = Math.round(ms / MONTH);
  if (months < 12) return format.format(Math.max(1, months), 'month');
  return format.format(Math.round(ms / YEAR), 'year');
}
