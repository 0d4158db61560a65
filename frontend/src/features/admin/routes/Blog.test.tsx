import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBlogPostView, AdminBlogRequest } from '../api/types';
import { adminAccess } from '@/testing/admin-data';
import { BLOG_CATEGORIES, makeAdminPost } from '@/testing/content-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { FakeXhr } from '../api/fake-xhr';
import { postState } from '../api/blog';
import { toDateTime } from '../format';

const DAY = 86_400_000;

function blogServer(posts: AdminBlogPostView[]) {
  let stored = posts;
  const state = { added: [] as AdminBlogRequest[], updated: [] as AdminBlogRequest[] };
  server.use(
    ...adminAccess(),
    http.get('/api/admin/blog', () => ok({ posts: stored, categories: BLOG_CATEGORIES })),
    http.get('/api/admin/blog/{postId}', ({ params }) => ok({ post: stored.find((post) => post.id === Number(params.postId)) ?? stored[0] })),
    http.post('/api/admin/blog', async ({ request }) => {
      const body = await request.json();
      state.added.push(body);
      return ok({ post: makeAdminPost({ id: 21, title: body.title ?? '', draft: body.draft ?? false }) });
    }),
    http.put('/api/admin/blog', async ({ request }) => {
      const body = await request.json();
      state.updated.push(body);
      // The server keeps only safe HTML.
      stored = stored.map((post) =>
        post.id === body.id
          ? { ...post, title: body.title ?? '', text: (body.text ?? '').replace(/<script.*?<\/script>/g, ''), draft: body.draft ?? false }
          : post,
      );
      return ok({ post: stored.find((post) => post.id === body.id) ?? stored[0] });
    }),
  );
  return state;
}

describe('/admin/blog-list', () => {
  it('lists Id, Title, Date Added, Edit and Photo, with drafts and scheduled posts marked', async () => {
    signIn();
    const published = makeAdminPost({ id: 4, title: 'Reading in winter', createDate: Date.UTC(2025, 1, 3, 8, 5) });
    const draft = makeAdminPost({ id: 5, title: 'Half-written', draft: true });
    const later = makeAdminPost({ id: 6, title: 'Next week', publishDate: Date.now() + 7 * DAY });
    blogServer([later, draft, published]);
    renderApp('/admin/blog-list');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Id', 'Title', 'Date Added', 'Edit', 'Photo']);
    const row = screen.getByRole('row', { name: /Reading in winter/ });
    expect(within(row).getByText(toDateTime(published.createDate))).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Reading in winter' })).toHaveAttribute('href', '/admin/blog-edit/4');
    expect(within(row).getByRole('link', { name: 'Photo of Reading in winter' })).toHaveAttribute('href', '/admin/blog-photo/4');
    expect(within(screen.getByRole('row', { name: /Half-written/ })).getByText('Draft')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Next week/ })).getByText(/^Scheduled for /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add post' })).toHaveAttribute('href', '/admin/blog-add');
  });

  it('tells drafts, scheduled and published posts apart', () => {
    const now = Date.UTC(2025, 5, 1);
    expect(postState({ draft: true, publishDate: now - DAY }, now)).toBe('draft');
    expect(postState({ draft: false, publishDate: now + DAY }, now)).toBe('scheduled');
    expect(postState({ draft: false, publishDate: now }, now)).toBe('published');
  });
});

describe('/admin/blog-add', () => {
  it("asks for title, description, categories and text in turn, then adds the post: 'The post has been added.'", async () => {
    signIn();
    const state = blogServer([]);
    const { user } = renderApp('/admin/blog-add');
    const add = await screen.findByRole('button', { name: 'Add post' });
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Title.');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Reading in winter');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Description.');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Long nights, good books.');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Categories.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categories' }), 'reading-tips');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Text.');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), '<p>Light a lamp.</p>');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Draft' }), 'true');
    await user.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent('The post has been added.');
    expect(state.added[0]).toMatchObject({
      title: 'Reading in winter',
      description: 'Long nights, good books.',
      categories: 'reading-tips',
      text: '<p>Light a lamp.</p>',
      draft: true,
    });
    // Today's date left as it is: the server stamps the time of adding.
    expect(state.added[0].publishDate).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Photo' })).toHaveAttribute('href', '/admin/blog-photo/21');
    expect(screen.getByRole('link', { name: 'Edit the post' })).toHaveAttribute('href', '/admin/blog-edit/21');
  });

  it('sends a chosen publish day as that day (scheduling the post)', async () => {
    signIn();
    const state = blogServer([]);
    const { user } = renderApp('/admin/blog-add');
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Later');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Soon.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categories' }), 'ideas');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), '<p>Soon.</p>');
    const day = screen.getByLabelText('Publish Date');
    await user.clear(day);
    await user.type(day, '2099-01-02');
    await user.click(screen.getByRole('button', { name: 'Add post' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The post has been added.');
    expect(state.added[0]).toMatchObject({ draft: false, publishDate: Date.UTC(2099, 0, 2) });
  });
});

describe('/admin/blog-edit/{postId}', () => {
  it('previews only the text as the server stored it, and after a save shows the stored (sanitised) text', async () => {
    signIn();
    const state = blogServer([makeAdminPost({ id: 4, title: 'Reading in winter', text: '<h2>Lamps</h2><p>Light one.</p>' })]);
    const { user } = renderApp('/admin/blog-edit/4');
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Reading in winter');
    expect(screen.getByRole('combobox', { name: 'Categories' })).toHaveValue('ideas');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { level: 2, name: 'Lamps' })).toBeInTheDocument();

    const text = screen.getByRole('textbox', { name: 'Text' });
    await user.clear(text);
    await user.type(text, '<p>Candles.</p><script>window.hacked = true</script>');
    // Unsaved edits are not put into the page.
    expect(document.querySelector('.content-edit__preview')?.innerHTML).toBe('<h2>Lamps</h2><p>Light one.</p>');
    await user.click(screen.getByRole('button', { name: 'Save post' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The post has been updated.');
    expect(state.updated[0]).toMatchObject({ id: 4, title: 'Reading in winter', categories: 'ideas', draft: false });
    await waitFor(() => expect(document.querySelector('.content-edit__preview')?.innerHTML).toBe('<p>Candles.</p>'));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('<p>Candles.</p>');
    expect(document.querySelector('script')).toBeNull();
  });
});

describe('/admin/blog-photo/{postId}', () => {
  beforeEach(() => {
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uploads the post's photo: 'The photo was uploaded.'", async () => {
    signIn();
    blogServer([makeAdminPost({ id: 4, title: 'Reading in winter' })]);
    const { user } = renderApp('/admin/blog-photo/4');
    expect(await screen.findByText('This post has no photo yet.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Photo file'), new File(['x'], 'lamp.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(FakeXhr.last().url).toBe('http://localhost:4000/api/admin/blog/photo/4');
    act(() =>
      FakeXhr.last().respond(200, {
        status: 'ok',
        result: {
          message: 'The photo was uploaded.',
          post: makeAdminPost({ id: 4, title: 'Reading in winter', photo: 'public/blog/4.png', photoUrl: '/media/public/blog/4.png' }),
        },
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('The photo was uploaded.');
    expect(await screen.findByRole('img', { name: 'Current photo of Reading in winter' })).toHaveAttribute('src', '/media/public/blog/4.png');
  });
});
