import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlogPostResult, BlogResult } from '../api/types';
import { makePost } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const card = (overrides: Parameters<typeof makePost>[0]) => {
  const { body: _body, ...rest } = makePost(overrides);
  return rest;
};

describe('blog', () => {
  it('lists the posts with title, excerpt, date and image', async () => {
    let category: string | null = 'unset';
    server.use(
      http.get('/api/blog', ({ request }) => {
        category = new URL(request.url).searchParams.get('category');
        return ok<BlogResult>({
          posts: [
            card({
              id: 2,
              slug: 'reading-habits',
              title: 'Five reading habits',
              excerpt: 'Small habits, big results.',
              image: '/media/public/blog/2.jpg',
              publishedAt: Date.UTC(2024, 4, 10),
            }),
            card({ id: 1, slug: 'hello', title: 'Hello, readers', excerpt: 'Welcome to the blog.', image: '' }),
          ],
        });
      }),
    );
    renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: 'Five reading habits' });
    expect(first).toHaveAttribute('href', '/blog/reading-habits');
    const items = within(screen.getByRole('main')).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Small habits, big results.')).toBeInTheDocument();
    expect(within(items[0]).getByText('May 10, 2024')).toHaveAttribute('datetime', '2024-05-10');
    expect(items[0].querySelector('img')).toHaveAttribute('src', '/media/public/blog/2.jpg');
    expect(items[1].querySelector('img')).toBeNull();
    expect(category).toBeNull();
  });

  it("/blog/whats-new asks for the whats-new category and is titled What's New", async () => {
    let category: string | null = null;
    server.use(
      http.get('/api/blog', ({ request }) => {
        category = new URL(request.url).searchParams.get('category');
        return ok<BlogResult>({ posts: [card({ id: 7, slug: 'dark-mode', title: 'Dark mode is here', category: 'whats-new' })] });
      }),
      // Must not be reached: the static segment wins over /blog/:id.
      http.get('/api/blog/{id}', () => fail(500, 'wrong route')),
    );
    renderApp('/blog/whats-new');
    expect(await screen.findByRole('heading', { level: 1, name: "What's New" })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dark mode is here' })).toHaveAttribute('href', '/blog/dark-mode');
    expect(category).toBe('whats-new');
    expect(screen.getByRole('link', { name: '← All blog posts' })).toHaveAttribute('href', '/blog');
  });

  it('shows a post with its HTML body and a Back to blog link', async () => {
    let asked = '';
    server.use(
      http.get('/api/blog/{id}', ({ params }) => {
        asked = String(params.id);
        return ok<BlogPostResult>({
          post: makePost({ id: 3, slug: 'reading-habits', title: 'Five reading habits', body: '<h2>Habit one</h2><p>Read <strong>every</strong> day.</p>' }),
        });
      }),
    );
    const { user, router } = renderApp('/blog/reading-habits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Five reading habits' })).toBeInTheDocument();
    expect(asked).toBe('reading-habits');
    expect(screen.getByRole('heading', { level: 2, name: 'Habit one' })).toBeInTheDocument();
    expect(screen.getByText('every').tagName).toBe('STRONG');
    expect(screen.getByText('March 3, 2024')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '← Back to blog' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog');
  });

  it('says when a post does not exist', async () => {
    server.use(http.get('/api/blog/{id}', () => fail(404, 'Post not found.', 'not_found')));
    renderApp('/blog/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to blog' })).toHaveAttribute('href', '/blog');
  });

  it('shows the server error when the list fails', async () => {
    server.use(http.get('/api/blog', ({ response }) => response.untyped(fail(400, 'Unknown category.'))));
    renderApp('/blog');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown category.');
  });
});
