/**
 * The review feature's own names for the server's schemas (`@/lib/api/schema`): the daily review
 * of finished books' key ideas and highlights marked for review (docs/review.md).
 */

import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** GET /api/user/review { cards (a batch, the server says how many: due first, then new), due, newToday, toReview, newPerDay } */
export type ReviewQueue = Schemas['ReviewQueueView'];

/** One card: the book, the front (a key idea's title), the back, a highlight's note, reps, nextDue. */
export type ReviewCard = Schemas['ReviewCardView'];

/** When the card comes back after each answer (epoch ms). */
export type NextDue = Schemas['NextDueView'];

export type ReviewBook = Schemas['ReviewBookView'];

/** POST /api/user/review/{id} { rating 1-4, reps as the page showed them } */
export type RateBody = Schemas['RateBody'];

/** The answer to a rating: `counted` false when it had been counted already (sent twice). */
export type Rated = Schemas['RatedView'];

/** PUT /api/user/review/settings { newPerDay 0-100 } */
export type ReviewSettingsBody = Schemas['ReviewSettingsBody'];

export type ReviewSettings = Schemas['ReviewSettingsView'];

/** 1 Again, 2 Hard, 3 Good, 4 Easy. */
export type Rating = 1 | 2 | 3 | 4;
