import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminVisualRequest, AdminVisualView } from '../api/types';
import { adminAccess } from '@/testing/admin-data';
import { makeAdminVisual } from '@/testing/content-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { moved, visualOrder } from './VisualsList';

const ONE = makeAdminVisual({ id: 11, bookId: 5, title: 'Economy', position: 1 });
const TWO = makeAdminVisual({ id: 12, bookId: 5, title: 'Where I lived', position: 2 });
const THREE = makeAdminVisual({ id: 13, bookId: 5, title: 'Reading', position: 3 });
const LONE = makeAdminVisual({ id: 20, bookId: null, bookTitle: null, title: 'Loose slide', position: 1 });

function visualServer(rows: AdminVisualView[] = [THREE, LONE, ONE, TWO]) {
  let stored = rows;
  const state = {
    added: [] as AdminVisualRequest[],
    updated: [] as AdminVisualRequest[],
    deleted: [] as number[],
    orders: [] as { bookId: number; ids: number[] }[],
  };
  server.use(
    ...adminAccess(),
    http.get('/api/admin/visuals', () => ok({ visuals: stored })),
    http.get('/api/admin/visuals/{id}', ({ params }) => ok({ visual: stored.find((v) => v.id === Number(params.id)) ?? stored[0] })),
    http.post('/api/admin/visuals', async ({ request }) => {
      const body = await request.json();
      state.added.push(body);
      return ok({ visual: makeAdminVisual({ id: 40, title: body.title ?? '', bookId: body.bookId ?? null }) });
    }),
    http.put('/api/admin/visuals/{id}', async ({ request, params }) => {
      const body = await request.json();
      state.updated.push(body);
      stored = stored.map((v) => (v.id === Number(params.id) ? { ...v, title: body.title ?? '', body: body.body ?? '', bookId: body.bookId ?? null } : v));
      return ok({ visual: stored.find((v) => v.id === Number(params.id)) ?? stored[0] });
    }),
    http.delete('/api/admin/visuals/{id}', ({ params }) => {
      state.deleted.push(Number(params.id));
      stored = stored.filter((v) => v.id !== Number(params.id));
      return ok({});
    }),
    http.put('/api/admin/visuals/order/{bookId}', async ({ request, params }) => {
      const { ids } = await request.json();
      state.orders.push({ bookId: Number(params.bookId), ids });
      stored = stored.map((v) => (ids.includes(v.id) ? { ...v, position: ids.indexOf(v.id) + 1 } : v));
      return ok({ visuals: stored.filter((v) => v.bookId === Number(params.bookId)).sort((a, b) => a.position - b.position) });
    }),
  );
  return state;
}

const titles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2].querySelector('span')?.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/visuals', () => {
  it('lists ID, Book ID, Title, Edit, Photo and Delete, each book’s slides in order', async () => {
    signIn();
    visualServer();
    renderApp('/admin/visuals');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Book ID', 'Title', 'Edit', 'Photo', 'Delete', 'Order']);
    expect(titles()).toEqual(['Economy', 'Where I lived', 'Reading', 'Loose slide']);
    const row = screen.getByRole('row', { name: /Economy/ });
    expect(within(row).getByRole('link', { name: 'Edit Economy' })).toHaveAttribute('href', '/admin/visuals-update/11');
    expect(within(row).getByRole('link', { name: 'Photo of Economy' })).toHaveAttribute('href', '/admin/visuals-photo/11');
    expect(screen.getByRole('link', { name: 'Add visual' })).toHaveAttribute('href', '/admin/visuals-add');
  });

  it('deletes a visual only after the confirmation', async () => {
    signIn();
    const state = visualServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderApp('/admin/visuals');
    await user.click(await screen.findByRole('button', { name: 'Delete Reading' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Reading'));
    expect(state.deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Reading' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The visual “Reading” was deleted.');
    expect(state.deleted).toEqual([13]);
    await waitFor(() => expect(titles()).toEqual(['Economy', 'Where I lived', 'Loose slide']));
  });

  it("moves a book's slide down and up with the keyboard, keeping the focus on it", async () => {
    signIn();
    const state = visualServer();
    const { user } = renderApp('/admin/visuals');
    const down = await screen.findByRole('button', { name: 'Move Economy down' });
    expect(screen.getByRole('button', { name: 'Move Economy up' })).toBeDisabled();
    // A slide of no book has nothing to be ordered with.
    expect(screen.queryByRole('button', { name: /Move Loose slide/ })).not.toBeInTheDocument();
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Where I lived', 'Economy', 'Reading', 'Loose slide']));
    expect(state.orders[0]).toEqual({ bookId: 5, ids: [12, 11, 13] });
    expect(screen.getByRole('status')).toHaveTextContent('“Economy” moved down: slide 2 of 3 of book #5.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Economy down' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Where I lived', 'Reading', 'Economy', 'Loose slide']));
    // At the end the focus goes to the other button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Economy up' })).toHaveFocus());
    expect(state.orders[1]).toEqual({ bookId: 5, ids: [12, 13, 11] });
  });

  it('orders and moves slides', () => {
    expect(visualOrder([THREE, LONE, ONE, TWO]).map((v) => v.id)).toEqual([11, 12, 13, 20]);
    expect(moved([ONE, TWO, THREE], 12, -1)).toEqual([12, 11, 13]);
    expect(moved([ONE, TWO, THREE], 11, -1)).toBeNull();
    expect(moved([ONE, TWO, THREE], 13, 1)).toBeNull();
  });
});

describe('the visual forms', () => {
  it("adds a visual: title and body required, book id optional; 'The visual was added.'", async () => {
    signIn();
    const state = visualServer();
    const { user } = renderApp('/admin/visuals-add');
    const add = await screen.findByRole('button', { name: 'Add visual' });
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Title.');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Solitude');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Body.');
    await user.type(screen.getByRole('textbox', { name: 'Body' }), 'Good company.');
    await user.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent('The visual was added.');
    expect(state.added[0]).toEqual({ title: 'Solitude', body: 'Good company.', bookId: null, image: '' });
    expect(screen.getByRole('link', { name: 'Photo' })).toHaveAttribute('href', '/admin/visuals-photo/40');
  });

  it("edits a visual: 'Visuals was edited.'", async () => {
    signIn();
    const state = visualServer();
    const { user } = renderApp('/admin/visuals-update/12');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Where I lived');
    expect(screen.getByRole('spinbutton', { name: 'Book ID' })).toHaveValue(5);
    await user.clear(title);
    await user.type(title, 'Where I lived, and what for');
    await user.click(screen.getByRole('button', { name: 'Save visual' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Visuals was edited.');
    expect(state.updated[0]).toMatchObject({ title: 'Where I lived, and what for', bookId: 5 });
  });

  it('uploads a picture only for a saved visual (id > 0)', async () => {
    signIn();
    visualServer();
    renderApp('/admin/visuals-photo/0');
    expect(await screen.findByText('Save the visual first: a picture can only be uploaded for a saved visual.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('offers the upload for a saved visual', async () => {
    signIn();
    visualServer();
    renderApp('/admin/visuals-photo/11');
    expect(await screen.findByLabelText('Picture file')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByText('This visual has no picture yet.')).toBeInTheDocument();
  });
});
