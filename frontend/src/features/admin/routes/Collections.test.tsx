import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminCollectionValues, AdminCollectionView } from '../api/types';
import { adminAccess } from '@/testing/admin-data';
import { makeAdminCollection } from '@/testing/content-data';
import { fail, http } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { firstDirection, sortCollections } from './CollectionsList';

const STOICS = makeAdminCollection({ id: 2, title: 'Stoic classics', bookCount: 5, uploadDate: Date.UTC(2025, 0, 1) });
const ART = makeAdminCollection({ id: 7, title: 'Art of living', bookCount: 2, uploadDate: Date.UTC(2025, 5, 1) });
const ZEN = makeAdminCollection({ id: 4, title: 'zen and calm', bookCount: 9, uploadDate: Date.UTC(2024, 0, 1) });

/** The collection calls answer outside `result`: {status, results} and {status, collection}. */
function collectionServer(rows: AdminCollectionView[] = [STOICS, ART, ZEN]) {
  let stored = rows;
  const state = { added: [] as AdminCollectionValues[], saved: [] as AdminCollectionValues[] };
  server.use(
    ...adminAccess(),
    http.get('/admin/collections/list', () => HttpResponse.json({ status: 'ok', results: stored })),
    http.get('/admin/collections/detail/{id}', ({ params }) =>
      HttpResponse.json({ status: 'ok', collection: stored.find((c) => c.id === Number(params.id)) ?? stored[0] }),
    ),
    http.post('/admin/collections/add', async ({ request }) => {
      const { values } = await request.json();
      state.added.push(values);
      return HttpResponse.json({ status: 'ok', collection: makeAdminCollection({ id: 30, slug: 'night-reading', title: values.title ?? '' }) });
    }),
    http.post('/admin/collections/detail/{id}', async ({ request, params }) => {
      const { values } = await request.json();
      state.saved.push(values);
      stored = stored.map((c) =>
        c.id === Number(params.id) ? { ...c, title: values.title ?? '', categories: values.categories ?? '', books: values.books ?? '' } : c,
      );
      return HttpResponse.json({ status: 'ok', collection: stored.find((c) => c.id === Number(params.id)) ?? stored[0] });
    }),
  );
  return state;
}

const firstColumn = (index: number) =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index].querySelector('span')?.textContent ?? within(row).getAllByRole('cell')[index].textContent);

describe('/admin/collections', () => {
  it('sorts by id ascending first, then by title (ascending, then descending) on header clicks', async () => {
    signIn();
    collectionServer();
    const { user, router } = renderApp('/admin/collections');
    await screen.findByRole('table');
    expect(firstColumn(0)).toEqual(['2', '4', '7']);
    expect(screen.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /Title/ }));
    await waitFor(() => expect(firstColumn(1)).toEqual(['Art of living', 'Stoic classics', 'zen and calm']));
    expect(currentUrl(router)).toBe('/admin/collections?sort=title&dir=asc');
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /Title/ }));
    await waitFor(() => expect(firstColumn(1)).toEqual(['zen and calm', 'Stoic classics', 'Art of living']));
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'descending');

    // Date and Count fields start descending.
    await user.click(screen.getByRole('button', { name: /Date Added/ }));
    await waitFor(() => expect(firstColumn(1)).toEqual(['Art of living', 'Stoic classics', 'zen and calm']));
    await user.click(screen.getByRole('button', { name: /Books/ }));
    await waitFor(() => expect(firstColumn(0)).toEqual(['4', '2', '7']));
    expect(within(screen.getByRole('row', { name: /Stoic classics/ })).getByRole('link', { name: 'Edit Stoic classics' })).toHaveAttribute(
      'href',
      '/admin/collection-edit/2',
    );
  });

  it('knows which fields sort descending first', () => {
    expect(firstDirection('id')).toBe('asc');
    expect(firstDirection('title')).toBe('asc');
    expect(firstDirection('uploadDate')).toBe('desc');
    expect(firstDirection('bookCount')).toBe('desc');
    expect(sortCollections([STOICS, ART, ZEN], 'id', 'desc').map((c) => c.id)).toEqual([7, 4, 2]);
  });

  it("says 'Error loading collections.' when the list fails", async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/admin/collections/list', () => fail(500, 'boom')),
    );
    renderApp('/admin/collections');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading collections.');
  });

  it("says 'Error loading collections.' when the answer has no results", async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/admin/collections/list', () => HttpResponse.json({ status: 'ok' } as never)),
    );
    renderApp('/admin/collections');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading collections.');
  });
});

describe('/admin/collection-add and /admin/collection-edit/{id}', () => {
  it('adds a collection with {values}: a title is required, id lists are tidied', async () => {
    signIn();
    const state = collectionServer();
    const { user } = renderApp('/admin/collection-add');
    const add = await screen.findByRole('button', { name: 'Add collection' });
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Title.');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Night reading');
    await user.type(screen.getByRole('textbox', { name: 'Categories' }), '3, 7,');
    await user.type(screen.getByRole('textbox', { name: 'Books' }), '5 ,6');
    await user.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent('The collection was added.');
    expect(state.added[0]).toEqual({ title: 'Night reading', subtitle: '', image: '', categories: '3,7', books: '5,6' });
    expect(screen.getByRole('link', { name: 'Edit the collection' })).toHaveAttribute('href', '/admin/collection-edit/30');
  });

  it('edits through /admin/collections/detail/{id} and shows the stored values', async () => {
    signIn();
    const state = collectionServer();
    const { user } = renderApp('/admin/collection-edit/2');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Stoic classics');
    expect(screen.getByRole('textbox', { name: 'Categories' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Books' })).toHaveValue('5,6');
    expect(screen.getByRole('link', { name: 'See it as members do' })).toHaveAttribute('href', '/collections/collection-2');
    await user.clear(title);
    await user.type(title, 'Stoics');
    await user.click(screen.getByRole('button', { name: 'Save collection' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The collection was updated.');
    expect(state.saved[0]).toMatchObject({ title: 'Stoics', categories: '1', books: '5,6' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Stoics'));
  });
});
