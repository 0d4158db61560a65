/**
 * Links that share a page on Twitter (X), Facebook or by e-mail. Shared by the referral link
 * (features/referral) and the ten-day challenge plan (features/challenge), each with its own words.
 */

export interface ShareLink {
  /** What the link says ("Share on Twitter"). */
  label: string;
  href: string;
  /** Web pages open in a new tab; the e-mail link opens the mail app. */
  newTab: boolean;
}

export interface ShareWords {
  /** The text the link comes with (the tweet, the start of the e-mail). */
  text: string;
  /** The e-mail's subject. */
  subject: string;
}

/** Twitter, Facebook and e-mail links that share `link` with `words`. */
export function shareLinks(link: string, words: ShareWords): ShareLink[] {
  const url = encodeURIComponent(link);
  return [
    { label: 'Share on Twitter', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(words.text)}&url=${url}`, newTab: true },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, newTab: true },
    {
      label: 'Share by e-mail',
      href: `mailto:?subject=${encodeURIComponent(words.subject)}&body=${encodeURIComponent(`${words.text} ${link}`)}`,
      newTab: false,
    },
  ];
}
