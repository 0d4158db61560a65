/** Scroll to the top so that a message at the top of a form is seen. */
export function scrollToTop(): void {
  try {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  } catch {
    /* jsdom and old browsers */
  }
}
