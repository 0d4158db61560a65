/** The words a shared referral link comes with. */
export const SHARE_TEXT = 'I read the big ideas of great books in 15 minutes with Gistbook. Join me:';
export const SHARE_SUBJECT = 'Read great books in 15 minutes with Gistbook';

export interface ShareLink {
  /** What the link says ("Share on Twitter"). */
  label: string;
  href: string;
  /** Web pages open in a new tab; the e-mail link opens the mail app. */
  newTab: boolean;
}

/** Twitter, Facebook and e-mail links that share `link`. */
export function shareLinks(link: string): ShareLink[] {
  const url = encodeURIComponent(link);
  return [
    { label: 'Share on Twitter', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(SHARE_TEXT)}&url=${url}`, newTab: true },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, newTab: true },
    {
      label: 'Share by e-mail',
      href: `mailto:?subject=${encodeURIComponent(SHARE_SUBJECT)}&body=${encodeURIComponent(`${SHARE_TEXT} ${link}`)}`,
      newTab: false,
    },
  ];
}
