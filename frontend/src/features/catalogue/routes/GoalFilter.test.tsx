import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookPage } from '../api/types';
import { GOALS } from '@/testing/content-data';
import { BOOKS, bookPage } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** Records the query strings of GET /api/catalogue/books; a goal's books are the first seed book. */
function recordCatalogue() {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('/api/catalogue/books', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      return ok<BookPage>(bookPage(params.get('goal') ? BOOKS.slice(0, 1) : BOOKS));
    }),
  );
  return calls;
}

const last = (calls: URLSearchParams[]) => Object.fromEntries(calls[calls.length - 1].entries());

describe('the goal filter of /books', () => {
  it('chooses a goal on /books and shows its books (?goal= in the address and the call)', async () => {
    const calls = recordCatalogue();
    const { user, router } = renderApp('/books');
    const section = await screen.findByRole('region', { name: 'Books for your goal' });
    const select = await within(section).findByRole('combobox', { name: 'Your goal' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All goals', ...GOALS.map((goal) => goal.title)]);
    const show = within(section).getByRole('button', { name: 'Show books' });
    expect(show).toBeDisabled();
    await user.selectOptions(select, String(GOALS[1].id));
    await user.click(show);
    await waitFor(() => expect(currentUrl(router)).toBe(`/books?goal=${GOALS[1].id}`));
    await waitFor(() => expect(last(calls)).toEqual({ sort: 'new', goal: String(GOALS[1].id), page: '1', pageSize: '20' }));
    expect(await screen.findByRole('list', { name: 'Latest' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('book-card')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Goal' })).toHaveValue(String(GOALS[1].id));
    expect(screen.getByRole('list', { name: 'Filters' })).toHaveTextContent(`Goal: ${GOALS[1].title}`);
  });

  it('changes and clears the goal from the list, keeping the other filters', async () => {
    const calls = recordCatalogue();
    const { user, router } = renderApp('/booklist/trending/all?audio=true&goal=1');
    const select = await screen.findByRole('combobox', { name: 'Goal' });
    await waitFor(() => expect(select).toHaveValue('1'));
    await waitFor(() => expect(last(calls)).toMatchObject({ sort: 'trending', goal: '1', audio: 'true' }));
    await user.selectOptions(select, '2');
    await waitFor(() => expect(currentUrl(router)).toBe('/booklist/trending/all?audio=true&goal=2'));
    await waitFor(() => expect(last(calls)).toMatchObject({ goal: '2' }));
    await user.click(screen.getByRole('link', { name: `Remove filter Goal: ${GOALS[1].title}` }));
    await waitFor(() => expect(currentUrl(router)).toBe('/booklist/trending/all?audio=true'));
    await waitFor(() => expect(last(calls)).toEqual({ sort: 'trending', audio: 'true', page: '1', pageSize: '20' }));
  });

  it('says when the goals could not be loaded and loads them again on "Try again"', async () => {
    let answers = 0;
    server.use(
      http.get('/api/goals', () => {
        answers += 1;
        return answers <= 2 ? fail(500, 'The goals are resting.') : ok({ goals: GOALS, userGoals: [], userBookRecommendations: [], reminders: false });
      }),
    );
    const { user } = renderApp('/books');
    const section = await screen.findByRole('region', { name: 'Books for your goal' });
    // The client reads a failed call once more before it gives up (lib/query-client.ts).
    expect(await within(section).findByRole('alert')).toHaveTextContent('The goals could not be loaded. The goals are resting.');
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('combobox', { name: 'Your goal' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(answers).toBe(3);
  });

  it('ignores a goal that is not an id', async () => {
    const calls = recordCatalogue();
    renderApp('/booklist/new/all?goal=calm');
    await screen.findByRole('list', { name: 'Latest' });
    expect(last(calls)).toEqual({ sort: 'new', page: '1', pageSize: '20' });
  });
});
