import type { BookDetail } from './api/types';
import { withRatingSection, type Section } from './sections';

/**
 * login: a visitor; unlock: a free member asked before a free summary is spent; upgrade: free
 * summaries used up; trial: no body parts at all.
 */
export type PaywallKind = 'login' | 'unlock' | 'upgrade' | 'trial';

export interface ReaderView {
  /** The sections on show: the whole body's, or the truncated part's. */
  sections: Section[];
  /** True when the member has the whole body: Next/Previous, progress and position apply. */
  full: boolean;
  paywall: PaywallKind | null;
}

/**
 * Which sections to show and which paywall, from the book's entitlement flags. The server splits
 * what the caller may read into `sections` (the whole body, else the truncated body's first
 * section); the body is there only for a caller who may read it all. With `rating`, a member who
 * has the whole body gets the rating form as an extra last section.
 */
export function readerView(
  book: Pick<BookDetail, 'body' | 'sections' | 'notLoggedIn' | 'limitReached' | 'unlockOffer'>,
  options: { rating?: boolean } = {},
): ReaderView {
  const sections: Section[] = book.sections;
  if (sections.length === 0) return { sections: [], full: false, paywall: 'trial' };
  if (book.body?.trim()) return { sections: options.rating ? withRatingSection(sections) : sections, full: true, paywall: null };
  const paywall: PaywallKind = book.notLoggedIn ? 'login' : book.unlockOffer ? 'unlock' : book.limitReached ? 'upgrade' : 'trial';
  return { sections, full: false, paywall };
}

/** The rating form is for signed-in members who have not rated the book yet (and can read it all). */
export function wantsRatingSection(book: Pick<BookDetail, 'notLoggedIn' | 'hasRatingsFromUser'>, signedIn: boolean): boolean {
  return signedIn && !book.notLoggedIn && !book.hasRatingsFromUser;
}

export function sectionLabel(section: Section | undefined, index: number): string {
  return section?.title || `Section ${index + 1}`;
}
