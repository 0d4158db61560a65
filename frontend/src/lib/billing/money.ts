/**
 * Money as the app shows it. Shared (lib, not a feature) because checkout and the referral page
 * both show amounts; the server always sends integer US cents.
 */
let usd: Intl.NumberFormat | undefined;

/** 999 → "$9.99" (amounts are integer US cents). */
export function formatCents(cents: number): string {
  // Made on first use, not when the module loads: the offer banner's chunk, on every page, imports
  // this module, and making the format took 80 ms of a phone-speed CPU before the largest paint
  // (docs/performance.md §5, run 41), on pages that mostly show no price.
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(cents / 100);
}
