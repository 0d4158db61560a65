/**
 * Money as the app shows it. Shared (lib, not a feature) because checkout and the referral page
 * both show amounts; the server always sends integer US cents.
 */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 999 → "$9.99" (amounts are integer US cents). */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}
