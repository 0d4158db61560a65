export const SUPPORT_EMAIL = 'support@gistbook.app';
/** Delay before a token from the query string is checked with the session call (spec §9). */
export const SESSION_CHECK_DELAY_MS = 1000;
/** The invite-a-friend form, where a free member earns one more free summary (home box, reader). */
export const REFER_A_FRIEND_PAGE = '/refer-a-friend';
