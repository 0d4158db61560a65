// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LINKS, accountLinks } from './account-links';
import { FOOTER_COLUMNS, PUBLIC_LINKS } from './nav-links';
import { PENDING_PAGES, builtLinks, isBuilt } from './pending-pages';

describe('pages not built yet', () => {
  it('calls a pending page not built', () => {
    for (const path of PENDING_PAGES) {
      expect(path, path).toMatch(/^\/[a-z0-9-]+$/);
      expect(isBuilt(path), path).toBe(false);
    }
  });

  it('calls every other page built', () => {
    for (const path of [
      '/',
      '/books',
      '/contact',
      '/suggest',
      '/feedback-form',
      '/about',
      '/terms',
      '/privacy',
      '/admin/messages',
      '/refer-a-friend',
      '/refer',
      '/affiliate',
      '/invite',
      '/ten-day-challenge',
      '/quiz',
      '/quiz-results',
      '/personality-quiz',
      '/personality-quiz-results',
      '/ai',
      '/logout',
    ]) {
      expect(isBuilt(path), path).toBe(true);
    }
  });

  // A list of its own, so these rules stay tested when every page is built and the real list is empty.
  const pending: ReadonlySet<string> = new Set(['/ai', '/labs']);

  it('reads the path of a link: query, fragment and trailing slash do not matter', () => {
    expect(isBuilt('/ai', pending)).toBe(false);
    expect(isBuilt('/ai/', pending)).toBe(false);
    expect(isBuilt('/ai?from=menu', pending)).toBe(false);
    expect(isBuilt('/ai#top', pending)).toBe(false);
    // Only the page itself: a longer path that starts the same is another page.
    expect(isBuilt('/ai-summaries', pending)).toBe(true);
    expect(isBuilt('/books/?sort=newest', pending)).toBe(true);
    expect(isBuilt('/', pending)).toBe(true);
  });

  it('keeps the order of the links that remain', () => {
    const links = [
      { to: '/books', label: 'Books' },
      { to: '/ai', label: 'AI' },
      { to: '/contact', label: 'Contact' },
      { to: '/labs?x=1', label: 'Labs' },
      { to: '/quiz', label: 'Quiz' },
    ];
    expect(builtLinks(links, pending).map((link) => link.label)).toEqual(['Books', 'Contact', 'Quiz']);
    expect(builtLinks([], pending)).toEqual([]);
  });

  it('leaves no link to a pending page in the header, the footer or the account menu', () => {
    const all = [...PUBLIC_LINKS, ...ACCOUNT_LINKS, ...accountLinks(true), ...FOOTER_COLUMNS.flatMap((column) => column.links)];
    expect(all.filter((link) => !isBuilt(link.to))).toEqual([]);
    expect(FOOTER_COLUMNS.every((column) => column.links.length > 0)).toBe(true);
    expect(accountLinks(true).at(-1)).toEqual({ to: '/logout', label: 'Logout' });
  });
});
