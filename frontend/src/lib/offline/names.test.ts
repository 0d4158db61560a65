// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isOfflineAppPath, memberCacheName } from './names';

describe('isOfflineAppPath (offline, these pages get the app shell; others /offline.html)', () => {
  it.each(['/', '/library', '/library/', '/logout', '/books/walden', '/books/12/', '/book-detail/walden'])('%s: the app shell', (path) => {
    expect(isOfflineAppPath(path)).toBe(true);
  });

  it.each(['/books', '/books/', '/books/walden/extra', '/home', '/account', '/pricing', '/admin'])('%s: the offline page', (path) => {
    expect(isOfflineAppPath(path)).toBe(false);
  });
});

it('names a member cache after the member', () => {
  expect(memberCacheName(42)).toBe('offline-member-42');
});
