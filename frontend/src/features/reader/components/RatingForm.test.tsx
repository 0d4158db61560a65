import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookDetail, BookResult, RatingRequest, RatingResult } from '../api/types';
import { makeBookDetail, makeVisitorBook } from '@/testing/catalogue-data';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function serveBook(book: BookDetail) {
  server.use(http.get('/api/books/{id}', () => ok<BookResult>({ book, user: book.notLoggedIn ? null : makeUser({ id: 1, isPaid: true }) })));
}

function recordRatings() {
  const ratings: { id: string; body: RatingRequest }[] = [];
  server.use(
    http.put('/api/books/rating/{id}', async ({ request, params }) => {
      const body = await request.json();
      ratings.push({ id: String(params.id), body });
      return ok<RatingResult>({ bookId: Number(params.id), rating: Number(body.rating), hasRatingsFromUser: true });
    }),
  );
  return ratings;
}

/** An unrated book opened on its last section: the rating form (section 8 of 8). */
async function openRatingSection(overrides: Partial<BookDetail> = {}) {
  signIn();
  const book = makeBookDetail({ id: 21, subid: 'walden', title: 'Walden', hasRatingsFromUser: false, position: 7, ...overrides });
  serveBook(book);
  const utils = renderApp('/books/walden');
  await screen.findByRole('heading', { level: 1, name: 'Walden' });
  return { ...utils, book };
}

const position = () => document.querySelector('.reader-bar__position')?.textContent;
const form = () => screen.getByRole('form', { name: 'Rate Walden' });

describe('rating form', () => {
  it('is the last section for a member who has not rated the book', async () => {
    await openRatingSection();
    expect(position()).toBe('8/8');
    expect(screen.getByRole('heading', { level: 2, name: 'Rate this summary' })).toBeInTheDocument();
    const group = within(form()).getByRole('group', { name: 'How would you rate this summary?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) expect(within(group).getByRole('radio', { name })).not.toBeChecked();
    expect(within(form()).getByRole('textbox', { name: 'Your feedback (optional)' })).toBeInTheDocument();
    expect(within(form()).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('requires a star rating', async () => {
    const ratings = recordRatings();
    const { user } = await openRatingSection();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a rating before submitting!');
    expect(ratings).toEqual([]);
    // Picking a star clears the alert.
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves between the stars with the arrow keys, without moving the reader', async () => {
    const { user } = await openRatingSection();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(position()).toBe('8/8');
  });

  it('counts the feedback characters, at most 500', async () => {
    const { user } = await openRatingSection();
    const feedback = screen.getByRole('textbox', { name: 'Your feedback (optional)' });
    expect(feedback).toHaveAttribute('maxlength', '500');
    expect(feedback).toHaveAccessibleDescription('0/500 characters');
    await user.type(feedback, 'Great');
    expect(feedback).toHaveAccessibleDescription('5/500 characters');
    fireEvent.change(feedback, { target: { value: 'x'.repeat(510) } });
    expect(feedback).toHaveValue('x'.repeat(500));
    expect(feedback).toHaveAccessibleDescription('500/500 characters');
  });

  it('sends the rating, thanks the member, and is not offered again when the book is reopened', async () => {
    const ratings = recordRatings();
    const { user, router } = await openRatingSection();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Your feedback (optional)' }), 'Clear and short.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const thanks = await screen.findByText('Thank you for your feedback!');
    expect(thanks).toHaveFocus();
    expect(ratings).toEqual([{ id: '21', body: { rating: 4, feedback: 'Clear and short.', subid: 'walden', bookId: 21 } }]);
    expect(screen.queryByRole('form', { name: 'Rate Walden' })).not.toBeInTheDocument();
    // The section stays until the member leaves.
    expect(position()).toBe('8/8');

    await act(() => router.navigate('/books'));
    await screen.findByRole('heading', { level: 1, name: 'Book Summaries' });
    await act(() => router.navigate('/books/walden'));
    await screen.findByRole('heading', { level: 1, name: 'Walden' });
    await waitFor(() => expect(document.querySelector('.reader-bar__position')?.textContent).toMatch(/\/7$/));
    expect(screen.queryByRole('heading', { name: 'Rate this summary' })).not.toBeInTheDocument();
    expect(screen.queryByText('Thank you for your feedback!')).not.toBeInTheDocument();
  });

  it('shows the server error', async () => {
    server.use(http.put('/api/books/rating/{id}', () => fail(400, 'Feedback is at most 500 characters.', 'feedback_too_long')));
    const { user } = await openRatingSection();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Feedback is at most 500 characters.');
    expect(screen.getByRole('form', { name: 'Rate Walden' })).toBeInTheDocument();
  });

  it('is not there once the member has rated the book', async () => {
    await openRatingSection({ hasRatingsFromUser: true, position: 6 });
    expect(position()).toBe('7/7');
    expect(screen.queryByRole('heading', { name: 'Rate this summary' })).not.toBeInTheDocument();
  });

  it('is not there for visitors', async () => {
    serveBook(makeVisitorBook({ subid: 'walden', title: 'Walden' }));
    renderApp('/books/walden');
    await screen.findByRole('heading', { level: 1, name: 'Walden' });
    expect(screen.queryByRole('heading', { name: 'Rate this summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '1 star' })).not.toBeInTheDocument();
  });
});
