import type { BookCard, CategoryView, User } from '@/lib/api/types';
import type { SessionView } from '@/features/account/api/types';
import type { BlogPost } from '@/features/blog/api/types';
import type { AuthorView, BookPage, CollectionView } from '@/features/catalogue/api/types';

let nextId = 1;

export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? nextId++;
  return {
    id,
    email: `reader${id}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    planId: null,
    paidDate: 0,
    endPaidDate: null,
    recommends: [],
    friendEmail: null,
    isPaid: false,
    isAdmin: false,
    emailVerified: true,
    ...overrides,
  };
}

let nextSession = 1;

/** A signed-in session as GET /api/user/sessions lists it (last used a minute ago). */
export function makeSession(overrides: Partial<SessionView> = {}): SessionView {
  const n = nextSession++;
  return {
    id: `session-${n}`,
    device: 'Firefox on Linux',
    address: '203.0.113.7',
    startedAt: Date.UTC(2025, 0, 2, 9, 30),
    lastUsedAt: Date.now() - 60_000,
    current: false,
    ...overrides,
  };
}

// ---- catalogue ------------------------------------------------------------------------------

let nextBookId = 100;

export function makeBook(overrides: Partial<BookCard> = {}): BookCard {
  const id = overrides.id ?? nextBookId++;
  const title = overrides.title ?? `Book ${id}`;
  return {
    id,
    subid: title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    title,
    author: 'Marcus Aurelius',
    authorSlug: 'marcus-aurelius',
    image: `/media/public/covers/${id}.jpg`,
    description: `About ${title}.`,
    free: false,
    popular: false,
    comingSoon: false,
    hasMedia: false,
    hasVideo: false,
    hasVisuals: false,
    readCount: 0,
    uploadDate: 1_700_000_000_000,
    categories: [{ id: 1, subid: 'philosophy', name: 'Philosophy' }],
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<CategoryView> = {}): CategoryView {
  const id = overrides.id ?? 1;
  return {
    id,
    subid: `category-${id}`,
    name: `Category ${id}`,
    small_image: `/media/public/categories/${id}.png`,
    description: `All about category ${id}.`,
    bookCount: 3,
    ...overrides,
  };
}

export const CATEGORIES: CategoryView[] = [
  makeCategory({ id: 1, subid: 'philosophy', name: 'Philosophy', description: 'The big questions about how to live.' }),
  makeCategory({ id: 2, subid: 'self-improvement', name: 'Self-Improvement', description: 'Practical wisdom for better habits.' }),
  makeCategory({ id: 3, subid: 'economics', name: 'Economics', description: 'Markets, trade, value and labour.' }),
];

export const BOOKS: BookCard[] = [
  makeBook({ id: 1, subid: 'meditations', title: 'Meditations', hasMedia: true }),
  makeBook({ id: 2, subid: 'walden', title: 'Walden', author: 'Henry David Thoreau', authorSlug: 'henry-david-thoreau', hasVideo: true }),
  makeBook({ id: 3, subid: 'the-way-to-wealth', title: 'The Way to Wealth', author: 'Benjamin Franklin', authorSlug: 'benjamin-franklin', free: true }),
];

export function bookPage(books: BookCard[], overrides: Partial<BookPage> = {}): BookPage {
  return { books, total: books.length, page: 1, pageSize: 20, pages: books.length ? 1 : 0, ...overrides };
}

export function makeCollection(overrides: Partial<CollectionView> = {}): CollectionView {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `collection-${id}`,
    title: `Collection ${id}`,
    description: `A collection of books, number ${id}.`,
    image: `/media/public/collections/${id}.jpg`,
    bookCount: 2,
    ...overrides,
  };
}

export function makeAuthor(overrides: Partial<AuthorView> = {}): AuthorView {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `author-${id}`,
    name: `Author ${id}`,
    bio: `Author ${id} wrote books.`,
    photo: `/media/public/authors/${id}.jpg`,
    bookCount: 1,
    ...overrides,
  };
}

export function makePost(overrides: Partial<BlogPost> = {}): BlogPost {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    excerpt: `The excerpt of post ${id}.`,
    image: '',
    category: 'news',
    publishedAt: Date.UTC(2024, 2, 3),
    body: `<p>The body of post ${id}.</p>`,
    ...overrides,
  };
}
