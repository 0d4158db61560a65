import type { BookRef } from '@/lib/api/types';
import type { BookDetail } from '@/features/reader/api/types';
import type { VisualCard, VisualSlide } from '@/features/visuals/api/types';

let nextId = 100;

/** Seven sections: six key ideas and a trailing "Final summary" group. */
export const SAMPLE_BODY = [
  '<h3>Key idea 1: Begin</h3><p>First idea text.</p>',
  '<h3>Key idea 2: Continue</h3><p>Second idea text.</p>',
  '<h3>Key idea 3: Persist</h3><p>Third idea text.</p>',
  '<h3>Key idea 4: Reflect</h3><p>Fourth idea text.</p>',
  '<h3>Key idea 5: Act</h3><p>Fifth idea text.</p>',
  '<h3>Key idea 6: Rest</h3><p>Sixth idea text.</p>',
  '<h2>Final summary</h2><p>The end.</p>',
].join('');

export const SAMPLE_TRUNCATED = '<h3>Key idea 1: Begin</h3><p>First idea text.</p>';

/** SAMPLE_BODY's sections, as the server splits them (`sections` of the book answer). */
export const SAMPLE_SECTIONS: BookDetail['sections'] = [
  { title: 'Key idea 1: Begin', html: '<p>First idea text.</p>' },
  { title: 'Key idea 2: Continue', html: '<p>Second idea text.</p>' },
  { title: 'Key idea 3: Persist', html: '<p>Third idea text.</p>' },
  { title: 'Key idea 4: Reflect', html: '<p>Fourth idea text.</p>' },
  { title: 'Key idea 5: Act', html: '<p>Fifth idea text.</p>' },
  { title: 'Key idea 6: Rest', html: '<p>Sixth idea text.</p>' },
  { title: 'Final summary', html: '<p>The end.</p>' },
];

/** SAMPLE_TRUNCATED's one section (what callers without the full body get). */
export const SAMPLE_TRUNCATED_SECTIONS: BookDetail['sections'] = SAMPLE_SECTIONS.slice(0, 1);

/**
 * A book as a paid member sees it (whole body, audio, video), already rated: no rating section, so
 * the reader shows the body's seven sections (tests of the rating form set `hasRatingsFromUser: false`).
 */
export function makeBookDetail(overrides: Partial<BookDetail> = {}): BookDetail {
  const id = overrides.id ?? nextId++;
  return {
    id,
    subid: `book-${id}`,
    title: 'Meditations',
    author: 'Marcus Aurelius',
    authorSlug: 'marcus-aurelius',
    image: `/media/public/covers/${id}.jpg`,
    description: 'A Roman emperor’s notes to himself.',
    free: false,
    popular: true,
    comingSoon: false,
    hasMedia: true,
    hasVideo: true,
    hasVisuals: true,
    readCount: 42,
    uploadDate: 1_750_000_000_000,
    categories: [
      { id: 1, subid: 'philosophy', name: 'Philosophy' },
      { id: 2, subid: 'self-improvement', name: 'Self-improvement' },
    ],
    authorDescription: 'Emperor of Rome.',
    vector: '',
    quotes: [],
    goals: [],
    tags: [],
    truncatedBody: SAMPLE_TRUNCATED,
    body: SAMPLE_BODY,
    sections: SAMPLE_SECTIONS,
    mediaUrl: `/media/premium/audio/${id}.mp3?exp=1&sig=ab`,
    audioSeconds: 754,
    video: `/media/premium/video/${id}.mp4?exp=1&sig=cd`,
    infographic: null,
    notLoggedIn: false,
    isPaidUser: true,
    mayDownloadPdf: true,
    limitReached: false,
    lastFree: false,
    showPremiumContent: true,
    unlocksLeft: null,
    unlockOffer: null,
    inviteBonusAvailable: false,
    position: 0,
    isInLibrary: false,
    hasRatingsFromUser: true,
    completed: false,
    ...overrides,
  };
}

/** What a visitor gets: the first section only. */
export function makeVisitorBook(overrides: Partial<BookDetail> = {}): BookDetail {
  return makeBookDetail({
    body: null,
    sections: SAMPLE_TRUNCATED_SECTIONS,
    mediaUrl: null,
    video: null,
    notLoggedIn: true,
    isPaidUser: false,
    mayDownloadPdf: false,
    showPremiumContent: false,
    // Progress fields are 0/false for visitors.
    position: 0,
    isInLibrary: false,
    hasRatingsFromUser: false,
    completed: false,
    ...overrides,
  });
}

export function makeBookRef(overrides: Partial<BookRef> = {}): BookRef {
  const id = overrides.id ?? nextId++;
  return { id, subid: `book-${id}`, title: 'Walden', author: 'Henry David Thoreau', image: `/media/public/covers/${id}.jpg`, ...overrides };
}

export function makeVisualCard(overrides: Partial<VisualCard> = {}): VisualCard {
  const book = overrides.book ?? makeBookRef();
  return { id: book.id, book, count: 5, ...overrides };
}

export function makeSlides(count: number): VisualSlide[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    position: i,
    image: `/media/premium/visuals/${i}.png?exp=1&sig=ef`,
    title: `Slide title ${i + 1}`,
    body: `Slide body ${i + 1}`,
  }));
}
