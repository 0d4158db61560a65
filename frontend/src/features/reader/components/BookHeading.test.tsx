import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookResult } from '../api/types';
import { makeBookDetail, makeVisitorBook } from '@/testing/catalogue-data';
import { makeUser } from '@/testing/data';
import { http, ok } from '@/testing/handlers';
import { renderApp, renderWithRouter, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { BookHeading, bookPageBadge } from './BookHeading';

/** The top of the book page: cover, title, author, badge, categories. */
async function heading(title: string): Promise<HTMLElement> {
  const h1 = await screen.findByRole('heading', { level: 1, name: title });
  const top = h1.closest('.book-heading');
  if (!(top instanceof HTMLElement)) throw new Error('no .book-heading around the title');
  return top;
}

describe('the book page: Free or the lock', () => {
  it('locks a premium book for a visitor and a free member, not for Premium nor for a book the member has opened', () => {
    // A visitor.
    expect(bookPageBadge(makeVisitorBook())).toBe('Premium');
    // A free member who has not opened it.
    expect(bookPageBadge(makeVisitorBook({ notLoggedIn: false }))).toBe('Premium');
    // A member with Premium.
    expect(bookPageBadge(makeBookDetail())).toBeNull();
    // A free member who spent a free summary on it (or bought it): the whole text is theirs.
    expect(bookPageBadge(makeBookDetail({ isPaidUser: false }))).toBeNull();
    // A free book says so to everyone.
    expect(bookPageBadge(makeVisitorBook({ free: true }))).toBe('Free');
    expect(bookPageBadge(makeBookDetail({ free: true }))).toBe('Free');
  });

  it('shows the padlock and "Premium" under the author, the word for screen readers', async () => {
    renderWithRouter(<BookHeading book={makeVisitorBook({ title: 'Meditations' })} titleId="t" />);
    const badge = await screen.findByText('Premium');
    expect(badge.tagName).toBe('P');
    expect(badge).toHaveClass('book-badge', 'book-badge--premium');
    expect(badge).toHaveTextContent(/^Premium$/);
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText('Free')).not.toBeInTheDocument();
  });

  it('shows "Free" on a free book and nothing for a member with Premium on a premium one', async () => {
    const { unmount } = renderWithRouter(<BookHeading book={makeBookDetail({ title: 'Walden', free: true })} titleId="t" />);
    expect(await screen.findByText('Free')).toHaveClass('book-badge--free');
    unmount();
    renderWithRouter(<BookHeading book={makeBookDetail({ title: 'Meditations' })} titleId="t" />);
    await screen.findByRole('heading', { level: 1, name: 'Meditations' });
    expect(screen.queryByText('Premium')).not.toBeInTheDocument();
    expect(screen.queryByText('Free')).not.toBeInTheDocument();
  });

  it('is on the page a visitor opens', async () => {
    server.use(http.get('/api/books/{id}', () => ok<BookResult>({ book: makeVisitorBook({ subid: 'meditations', title: 'Meditations' }), user: null })));
    renderApp('/books/meditations');
    expect(within(await heading('Meditations')).getByText('Premium')).toHaveClass('book-badge--premium');
  });

  it('is not on the page a member with Premium opens', async () => {
    signIn();
    server.use(
      http.get('/api/books/{id}', () =>
        ok<BookResult>({ book: makeBookDetail({ subid: 'meditations', title: 'Meditations' }), user: makeUser({ id: 1, isPaid: true }) }),
      ),
    );
    renderApp('/books/meditations');
    const top = await heading('Meditations');
    expect(within(top).getByText(/^by/)).toBeInTheDocument();
    expect(within(top).queryByText('Premium')).not.toBeInTheDocument();
  });
});
