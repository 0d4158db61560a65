// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shareLinks } from './share';

describe('share links', () => {
  it('shares a link on Twitter and Facebook (new tabs) and by e-mail, with the words given', () => {
    const links = shareLinks('https://gistbook.example/a b?x=1&y=2', { text: 'Read with me: 10 days', subject: 'Ten days & ten books' });
    const url = encodeURIComponent('https://gistbook.example/a b?x=1&y=2');
    expect(links).toEqual([
      { label: 'Share on Twitter', href: `https://twitter.com/intent/tweet?text=Read%20with%20me%3A%2010%20days&url=${url}`, newTab: true },
      { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, newTab: true },
      {
        label: 'Share by e-mail',
        href: `mailto:?subject=Ten%20days%20%26%20ten%20books&body=${encodeURIComponent('Read with me: 10 days https://gistbook.example/a b?x=1&y=2')}`,
        newTab: false,
      },
    ]);
  });
});
