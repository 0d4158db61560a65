export const SUPPORT_EMAIL = 'support@gistbook.app';
export const SUPPORT_PHONE = '+1 (555) 010-4242';
export const SUPPORT_PHONE_HREF = 'tel:+15550104242';
/** Delay before a token from the query string is checked with the session call (spec §9). */
export const SESSION_CHECK_DELAY_MS = 1000;
