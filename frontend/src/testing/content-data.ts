import type { GoalView, InsightCard } from '@/lib/api/types';
import type {
  AdminBlogPostView,
  AdminCollectionView,
  AdminGoalView,
  AdminInsightRow,
  AdminInsightView,
  AdminPodcastView,
  AdminVisualView,
} from '@/features/admin/api/types';
import type { PodcastCard, PodcastView } from '@/features/podcasts/api/types';

/** Fixtures of issue 14's content: podcasts, goals, blog posts, insights, collections and visuals, for admins and members. */

export function makeAdminPodcast(overrides: Partial<AdminPodcastView> = {}): AdminPodcastView {
  const id = overrides.id ?? 3;
  return {
    id,
    title: `Podcast ${id}`,
    author: 'Mary Beard',
    authorDesc: 'A classicist.',
    description: 'On Rome and its readers.',
    mins: 25,
    image: '',
    imageUrl: '',
    mediaUrl: null,
    createDate: Date.UTC(2025, 2, 1, 10),
    ...overrides,
  };
}

export function makeAdminGoal(overrides: Partial<AdminGoalView> = {}): AdminGoalView {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Goal ${id}`,
    shortTitle: `G${id}`,
    mobileTitle: `Goal ${id} (mobile)`,
    desc: 'Read to reach it.',
    photo: '',
    photoUrl: '',
    photov2: '',
    photov2Url: '',
    bookCount: 0,
    ...overrides,
  };
}

export const ADMIN_GOALS: AdminGoalView[] = [
  makeAdminGoal({ id: 1, title: 'Be more productive', shortTitle: 'Productivity', bookCount: 4 }),
  makeAdminGoal({ id: 2, title: 'Find calm', shortTitle: 'Calm', bookCount: 2 }),
];

export const BLOG_CATEGORIES = [
  { value: 'ideas', label: 'Ideas' },
  { value: 'reading-tips', label: 'Reading tips' },
  { value: 'whats-new', label: "What's new" },
];

export function makeAdminPost(overrides: Partial<AdminBlogPostView> = {}): AdminBlogPostView {
  const id = overrides.id ?? 4;
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    description: 'A short description.',
    categories: 'ideas',
    text: '<p>Read more.</p>',
    photo: '',
    photoUrl: '',
    draft: false,
    publishDate: Date.UTC(2025, 2, 2, 9),
    createDate: Date.UTC(2025, 2, 2, 9),
    ...overrides,
  };
}

export function makeInsightRow(overrides: Partial<AdminInsightRow> = {}): AdminInsightRow {
  return { id: 1, title: 'Walden', createDate: Date.UTC(2025, 2, 4, 15, 30), ...overrides };
}

export function makeAdminInsight(overrides: Partial<AdminInsightView> = {}): AdminInsightView {
  return { id: 1, title: 'Walden', insight: 'Simplify, simplify.', bookId: '5', createDate: Date.UTC(2025, 2, 4, 15, 30), ...overrides };
}

export function makeAdminCollection(overrides: Partial<AdminCollectionView> = {}): AdminCollectionView {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `collection-${id}`,
    title: `Collection ${id}`,
    subtitle: '',
    image: '',
    imageUrl: '',
    categories: '1',
    books: '5,6',
    uploadDate: Date.UTC(2025, 0, id),
    bookCount: 2,
    ...overrides,
  };
}

export function makeAdminVisual(overrides: Partial<AdminVisualView> = {}): AdminVisualView {
  const id = overrides.id ?? 1;
  return {
    id,
    bookId: 5,
    bookTitle: 'Walden',
    title: `Slide ${id}`,
    body: 'One idea.',
    image: '',
    imageUrl: '',
    position: id,
    ...overrides,
  };
}

export function makePodcastCard(overrides: Partial<PodcastCard> = {}): PodcastCard {
  const id = overrides.id ?? 3;
  return { id, title: `Podcast ${id}`, author: 'Mary Beard', description: 'On Rome and its readers.', mins: 25, imageUrl: '', hasAudio: true, ...overrides };
}

export function makePodcastView(overrides: Partial<PodcastView> = {}): PodcastView {
  const id = overrides.id ?? 3;
  return {
    id,
    title: `Podcast ${id}`,
    author: 'Mary Beard',
    authorDesc: 'A classicist.',
    description: 'On Rome and its readers.',
    mins: 25,
    imageUrl: '/media/public/podcasts/3.png',
    mediaUrl: null,
    locked: false,
    ...overrides,
  };
}

export function makeInsightCard(overrides: Partial<InsightCard> = {}): InsightCard {
  const id = overrides.id ?? 1;
  return { id, insight: `Insight ${id}.`, book: { id: 5, subid: 'walden', title: 'Walden', author: 'Henry David Thoreau' }, ...overrides };
}

export function makeGoalView(overrides: Partial<GoalView> = {}): GoalView {
  const id = overrides.id ?? 1;
  return { id, title: `Goal ${id}`, shortTitle: `G${id}`, mobileTitle: `Goal ${id}`, desc: '', photoUrl: '', photov2Url: '', bookCount: 3, ...overrides };
}

export const GOALS: GoalView[] = [makeGoalView({ id: 1, title: 'Be more productive' }), makeGoalView({ id: 2, title: 'Find calm' })];
