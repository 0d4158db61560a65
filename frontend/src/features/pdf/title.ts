/** The route's {title} segment as words: `the-art-of-war` → `The art of war`. */
export function titleFromSegment(segment: string | undefined): string {
  const words = (segment ?? '').replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'This summary';
}
