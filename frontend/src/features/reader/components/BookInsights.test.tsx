import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookResult } from '../api/types';
import { makeBookDetail } from '@/testing/catalogue-data';
import { makeInsightCard } from '@/testing/content-data';
import { makeUser } from '@/testing/data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { BOOK_INSIGHTS_LIMIT } from './BookInsights';

describe("the book page's insights", () => {
  it("shows the book's insights as quotes (asked for by the book's id)", async () => {
    signIn();
    const book = makeBookDetail({ id: 5, subid: 'walden', title: 'Walden' });
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('/api/books/{id}', () => ok<BookResult>({ book, user: makeUser({ id: 1, isPaid: true }) })),
      http.get('/api/insights', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams.entries()));
        return ok({
          insights: [
            makeInsightCard({ id: 1, insight: 'Simplify, simplify.' }),
            makeInsightCard({ id: 2, insight: 'Rather than love, than money, give me truth.' }),
          ],
        });
      }),
    );
    renderApp('/books/walden');
    const section = await screen.findByRole('region', { name: 'Insights from Walden' });
    expect(asked).toEqual([{ limit: String(BOOK_INSIGHTS_LIMIT), book: '5' }]);
    const quotes = within(section)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('blockquote')?.textContent);
    expect(quotes).toEqual(['Simplify, simplify.', 'Rather than love, than money, give me truth.']);
  });

  it('shows nothing for a book without insights', async () => {
    signIn();
    const book = makeBookDetail({ id: 6, subid: 'meditations', title: 'Meditations' });
    server.use(http.get('/api/books/{id}', () => ok<BookResult>({ book, user: makeUser({ id: 1, isPaid: true }) })));
    renderApp('/books/meditations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meditations' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Insights from/ })).not.toBeInTheDocument();
  });
});
