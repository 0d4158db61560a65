import { shareLinks as shareWith, type ShareLink } from '@/lib/share';

export type { ShareLink } from '@/lib/share';

/** The words a shared referral link comes with. */
export const SHARE_TEXT = 'I read the big ideas of great books in 15 minutes with Gistbook. Join me:';
export const SHARE_SUBJECT = 'Read great books in 15 minutes with Gistbook';

/** Twitter, Facebook and e-mail links that share the referral `link`. */
export function shareLinks(link: string): ShareLink[] {
  return shareWith(link, { text: SHARE_TEXT, subject: SHARE_SUBJECT });
}
