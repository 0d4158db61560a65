const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "March 3, 2024" (UTC, so that every reader sees the same day). */
export function formatPostDate(ms: number): string {
  return DATE.format(new Date(ms));
}

/** `YYYY-MM-DD` for <time dateTime>. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function postHref(post: { id: number; slug: string }): string {
  return `/blog/${encodeURIComponent(post.slug || String(post.id))}`;
}
