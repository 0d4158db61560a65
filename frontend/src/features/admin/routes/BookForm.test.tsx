import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminBook, AdminBookRequest } from '../api/types';
import { adminAccess, makeAdminBook } from '@/testing/admin-data';
import { CATEGORIES } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function bookServer(book: AdminBook) {
  let stored = book;
  const state = { added: [] as AdminBookRequest[], updated: [] as AdminBookRequest[] };
  server.use(
    ...adminAccess(),
    http.post('/api/admin/books/', async ({ request }) => {
      const body = await request.json();
      state.added.push(body);
      return ok({ book: makeAdminBook({ id: 31, title: body.title ?? '', author: body.author ?? '', image: '', imageUrl: '' }) });
    }),
    http.get('/api/admin/books/{bookId}', () => ok({ book: stored })),
    http.put('/api/admin/books/{bookId}', async ({ request }) => {
      const body = await request.json();
      state.updated.push(body);
      // The server keeps only safe HTML.
      stored = { ...stored, title: body.title ?? '', body: (body.body ?? '').replace(/<script.*?<\/script>/g, '') };
      return ok({ book: stored });
    }),
  );
  return state;
}

describe('/admin/book-add', () => {
  it('asks for title, author and categories in turn before sending', async () => {
    signIn();
    const state = bookServer(makeAdminBook());
    const { user } = renderApp('/admin/book-add');
    const add = await screen.findByRole('button', { name: 'Add book' });
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Title.');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Walden');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Author.');
    await user.type(screen.getByRole('textbox', { name: 'Author' }), 'Henry David Thoreau');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Categories.');
    expect(state.added).toHaveLength(0);
  });

  it("adds the book with its categories and lists, then shows only 'Book was added.' and the ways on", async () => {
    signIn();
    const state = bookServer(makeAdminBook());
    const { user } = renderApp('/admin/book-add');
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Walden');
    await user.type(screen.getByRole('textbox', { name: 'Author' }), 'Henry David Thoreau');
    const categories = screen.getByRole('group', { name: 'Categories' });
    await user.click(within(categories).getByRole('checkbox', { name: CATEGORIES[1].name }));
    await user.type(screen.getByRole('textbox', { name: 'Quotes' }), 'Go confidently.{enter}{enter}Simplify.');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'nature, classics ,');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Free' }), 'true');
    await user.click(screen.getByRole('button', { name: 'Add book' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Book was added.');
    expect(state.added[0]).toMatchObject({
      title: 'Walden',
      author: 'Henry David Thoreau',
      categories: [CATEGORIES[1].id],
      quotes: ['Go confidently.', 'Simplify.'],
      tags: ['nature', 'classics'],
      free: true,
      isPopular: false,
      comingSoon: false,
    });
    // Today's date left as it is: the server stamps the time of adding.
    expect(state.added[0].uploadDate).toBeUndefined();
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cover photo' })).toHaveAttribute('href', '/admin/book-photo/31');
    expect(screen.getByRole('link', { name: 'Edit the book' })).toHaveAttribute('href', '/admin/book-edit/31');
  });
});

describe('/admin/book-edit/{bookId}', () => {
  it('shows every field of the book, the safe preview of the saved summary and a link back', async () => {
    signIn();
    bookServer(makeAdminBook({ id: 5, body: '<h2>Economy</h2><p>Simplify, simplify.</p>' }));
    renderApp('/admin/book-edit/5');
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Walden');
    expect(screen.getByRole('textbox', { name: 'Address name' })).toHaveValue('walden');
    expect(screen.getByRole('textbox', { name: 'Author' })).toHaveValue('Henry David Thoreau');
    expect(screen.getByRole('textbox', { name: 'About the author' })).toHaveValue('An American naturalist.');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Life in the woods.');
    expect(within(screen.getByRole('group', { name: 'Categories' })).getByRole('checkbox', { name: CATEGORIES[0].name })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Image' })).toHaveValue('public/covers/walden.png');
    expect(screen.getByRole('textbox', { name: 'Summary (HTML)' })).toHaveValue('<h2>Economy</h2><p>Simplify, simplify.</p>');
    expect(screen.getByRole('textbox', { name: 'What you will learn' })).toHaveValue('Live simply');
    expect(screen.getByRole('textbox', { name: 'Quotes' })).toHaveValue('Go confidently.');
    expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('nature, classics');
    expect(screen.getByRole('combobox', { name: 'Popular' })).toHaveValue('false');
    expect(screen.getByRole('combobox', { name: 'Coming soon' })).toHaveValue('false');
    expect(screen.getByLabelText('Upload Date')).toHaveValue('2025-01-02');
    expect(screen.getByRole('heading', { level: 2, name: 'Economy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the books list' })).toHaveAttribute('href', '/admin/books-list');
  });

  it("saves, then shows the stored values with 'Book was updated.'", async () => {
    signIn();
    const state = bookServer(makeAdminBook({ id: 5 }));
    const { user } = renderApp('/admin/book-edit/5');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Walden; or, Life in the Woods');
    const body = screen.getByRole('textbox', { name: 'Summary (HTML)' });
    await user.clear(body);
    await user.type(body, '<p>Simplify.</p><script>alert(1)</script>');
    await user.click(screen.getByRole('button', { name: 'Save book' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Book was updated.');
    expect(state.updated[0]).toMatchObject({ title: 'Walden; or, Life in the Woods', categories: [1], uploadDate: Date.UTC(2025, 0, 2, 9, 30) });
    // The form and the preview show what the server stored (its sanitised body).
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Summary (HTML)' })).toHaveValue('<p>Simplify.</p>'));
    expect(document.querySelector('.book-edit__preview')?.innerHTML).toBe('<p>Simplify.</p>');
    // A long summary scrolls inside it: keyboard users can reach it.
    expect(screen.getByRole('region', { name: 'Saved summary' })).toHaveAttribute('tabindex', '0');
    expect(document.querySelector('script')).toBeNull();
  });

  it("shows the server's message, e.g. for a book without a cover", async () => {
    signIn();
    bookServer(makeAdminBook({ id: 5, image: '', imageUrl: '' }));
    server.use(http.put('/api/admin/books/{bookId}', () => fail(400, 'Please specify Image.', 'invalid')));
    const { user } = renderApp('/admin/book-edit/5');
    expect(await screen.findByRole('link', { name: 'Upload a cover' })).toHaveAttribute('href', '/admin/book-photo/5');
    await user.click(screen.getByRole('button', { name: 'Save book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Image.');
  });
});
