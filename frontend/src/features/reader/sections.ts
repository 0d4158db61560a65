/**
 * The sections the reader pages through (spec member-app §3). The server splits the body into them
 * (the book answer's `sections`: a section starts at each <h3>, a trailing <h2> group is promoted,
 * leading content joins the first section; no headings make one untitled section, an empty body
 * none) so that positions and completion count the same sections on both sides.
 */

export interface Section {
  title: string;
  html: string;
  /** `rating`: the rating form's section (no text of the book). */
  kind?: 'rating';
}

export const RATING_SECTION_TITLE = 'Rate this summary';

/**
 * An empty last section for the rating form, appended when the member has not rated the book
 * (spec member-app §3). It counts like any other section: index/total, Next, the contents.
 */
export function withRatingSection(sections: Section[]): Section[] {
  return [...sections, { title: RATING_SECTION_TITLE, html: '', kind: 'rating' }];
}

/** A saved position is restored only when it points at a section, else the reader starts at 0. */
export function initialSectionIndex(position: unknown, total: number): number {
  if (typeof position !== 'number' || !Number.isInteger(position)) return 0;
  return position >= 0 && position < total ? position : 0;
}

/** Move by `step` within [0, total - 1]. */
export function clampSection(index: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(Math.max(index, 0), total - 1);
}
