import { shareLinks, type ShareLink } from '@/lib/share';
import { CHALLENGE_PAGE } from './constants';

/** The words a shared plan comes with. */
export const SHARE_TEXT = 'I am taking the Gistbook ten-day challenge: one great book a day, picked for my goals. Take it with me:';
export const SHARE_SUBJECT = 'Take the Gistbook ten-day reading challenge';

/** Twitter, Facebook and e-mail links to the challenge page on this site. */
export function challengeShareLinks(origin: string = window.location.origin): ShareLink[] {
  return shareLinks(`${origin}${CHALLENGE_PAGE}`, { text: SHARE_TEXT, subject: SHARE_SUBJECT });
}
