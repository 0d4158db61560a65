import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { bookPageQueryOptions, PREVIEW_SIZE } from '@/features/catalogue/api/books';
import { categoriesQueryOptions } from '@/lib/catalogue/categories-api';
import { createQueryClient } from '@/lib/query-client';
import { warmUp } from './warm-up';

const LATEST = bookPageQueryOptions({ sort: 'new' }, 1, PREVIEW_SIZE).queryKey;
const POPULAR = bookPageQueryOptions({ sort: 'trending' }, 1, PREVIEW_SIZE).queryKey;
const CATEGORIES = categoriesQueryOptions().queryKey;

describe('warmUp', () => {
  it.each(['/books', '/books/'])('starts the catalogue page’s calls on %s, under the keys its sections read', async (pathname) => {
    const client = createQueryClient();
    warmUp(client, { pathname, search: '' });
    await waitFor(() => expect(client.getQueryState(LATEST)?.status).toBe('success'));
    await waitFor(() => expect(client.getQueryState(POPULAR)?.status).toBe('success'));
    await waitFor(() => expect(client.getQueryState(CATEGORIES)?.status).toBe('success'));
    expect(client.getQueryData(LATEST)?.books.length).toBeGreaterThan(0);
    expect(client.getQueryData(CATEGORIES)?.categories.length).toBeGreaterThan(0);
  });

  it.each([
    ['/', ''],
    ['/books', '?category=psychology'],
    ['/books/meditations', ''],
    ['/library', ''],
  ])('starts nothing on %s%s', (pathname, search) => {
    const client = createQueryClient();
    warmUp(client, { pathname, search });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
