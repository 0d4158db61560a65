import type { BookDetail } from '@/lib/api/types';
import { splitSections, withRatingSection, type Section } from './sections';

/** login: a visitor; upgrade: free summaries used up; trial: no body parts at all. */
export type PaywallKind = 'login' | 'upgrade' | 'trial';

export interface ReaderView {
  /** The sections on show: the whole body, or the truncated part. */
  sections: Section[];
  /** True when the member has the whole body: Next/Previous, progress and position apply. */
  full: boolean;
  paywall: PaywallKind | null;
}

/**
 * Which body to show and which paywall, from the book's entitlement flags. With `rating`, a member
 * who has the whole body gets the rating form as an extra last section.
 */
export function readerView(
  book: Pick<BookDetail, 'body' | 'truncatedBody' | 'notLoggedIn' | 'limitReached'>,
  options: { rating?: boolean } = {},
): ReaderView {
  const body = splitSections(book.body);
  if (body.length > 0) return { sections: options.rating ? withRatingSection(body) : body, full: true, paywall: null };
  const truncated = splitSections(book.truncatedBody);
  if (truncated.length === 0) return { sections: [], full: false, paywall: 'trial' };
  const paywall: PaywallKind = book.notLoggedIn ? 'login' : book.limitReached ? 'upgrade' : 'trial';
  return { sections: truncated, full: false, paywall };
}

/** The rating form is for signed-in members who have not rated the book yet (and can read it all). */
export function wantsRatingSection(book: Pick<BookDetail, 'notLoggedIn' | 'hasRatingsFromUser'>, signedIn: boolean): boolean {
  return signedIn && !book.notLoggedIn && !book.hasRatingsFromUser;
}

export function sectionLabel(section: Section | undefined, index: number): string {
  return section?.title || `Section ${index + 1}`;
}
