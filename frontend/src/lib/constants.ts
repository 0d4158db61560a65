export const SUPPORT_EMAIL = 'support@gistbook.app';
/** Delay before a token from the query string is checked with the session call (spec §9). */
export const SESSION_CHECK_DELAY_MS = 1000;
