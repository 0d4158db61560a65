import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewQueue } from '../api/types';
import { NOTHING_TO_REVIEW } from '../components/EmptyReview';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { makeReviewCard, makeReviewQueue } from '@/testing/review-data';
import { server } from '@/testing/server';

const DAY = 86_400_000;

/** Serves `queues` one after another (the last one again), and records the ratings posted. */
function serve(...queues: ReviewQueue[]) {
  const ratings: { id: string; body: unknown }[] = [];
  let reads = 0;
  server.use(
    http.get('/api/user/review', () => ok(queues[Math.min(reads++, queues.length - 1)])),
    http.post('/api/user/review/{id}', async ({ request, params }) => {
      const body = await request.json();
      ratings.push({ id: String(params.id), body });
      return ok({ counted: true, xpGained: 1, reps: Number(body.reps) + 1, due: Date.now() + DAY });
    }),
  );
  return { ratings, reads: () => reads };
}

describe('/review', () => {
  it('shows the front, reveals the answer with the button, and labels each rating with when the card comes back', async () => {
    signIn();
    const now = Date.now();
    const card = makeReviewCard({
      front: 'Simplify your life',
      back: 'Our life is frittered away by detail.',
      nextDue: { again: now + DAY, hard: now + 4 * DAY, good: now + 61 * DAY, easy: now + 400 * DAY },
    });
    serve(makeReviewQueue([card, makeReviewCard()], { toReview: 7 }));
    renderApp('/review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Review' })).toBeInTheDocument();
    const front = await screen.findByRole('heading', { level: 2, name: 'Simplify your life' });
    expect(screen.getByText('7 left today')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('link', { name: 'Walden' })).toHaveAttribute('href', '/books/walden');
    expect(screen.getByText('by Henry David Thoreau')).toBeInTheDocument();
    // The back and the ratings wait for "Show answer".
    expect(screen.queryByText('Our life is frittered away by detail.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Good/ })).not.toBeInTheDocument();
    expect(front).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show answer' }));
    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(answer).toHaveTextContent('Our life is frittered away by detail.');
    await waitFor(() => expect(answer).toHaveFocus());
    const ratings = screen.getByRole('group', { name: 'How well did you remember it?' });
    expect(
      within(ratings)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Again, back in 1 day', 'Hard, back in 4 days', 'Good, back in 2 months', 'Easy, back in 1 year']);
    expect(within(ratings).getByRole('button', { name: /^Hard/ })).toHaveTextContent('Hardin 4 days');
  });

  it('reveals with Space, rates with key 3 ({rating: 3, reps}), counts down and moves focus to the next card', async () => {
    signIn();
    const first = makeReviewCard({ front: 'First idea', reps: 2, isNew: false });
    const second = makeReviewCard({ front: 'Second idea' });
    const { ratings } = serve(makeReviewQueue([first, second], { toReview: 5 }));
    const { user } = renderApp('/review');
    await screen.findByRole('heading', { level: 2, name: 'First idea' });
    expect(screen.getByText('5 left today')).toBeInTheDocument();

    // Keys do nothing to a card not revealed but Space and Enter.
    await user.keyboard('3');
    expect(ratings).toEqual([]);
    await user.keyboard(' ');
    await screen.findByRole('region', { name: 'Answer' });
    await user.keyboard('3');
    await waitFor(() => expect(ratings).toEqual([{ id: String(first.id), body: { rating: 3, reps: 2 } }]));
    const next = await screen.findByRole('heading', { level: 2, name: 'Second idea' });
    expect(screen.getByText('4 left today')).toBeInTheDocument();
    expect(await screen.findByText('+1 XP')).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();

    // Enter reveals too; the rating buttons post the card's own reps.
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: /^Easy/ }));
    await waitFor(() => expect(ratings[1]).toEqual({ id: String(second.id), body: { rating: 4, reps: 0 } }));
  });

  it('posts a rating once however fast the keys come, and disables the buttons meanwhile', async () => {
    signIn();
    let release: () => void = () => undefined;
    const posted: unknown[] = [];
    server.use(
      http.get('/api/user/review', () => ok(makeReviewQueue([makeReviewCard({ front: 'Only card' }), makeReviewCard()]))),
      http.post('/api/user/review/{id}', async ({ request }) => {
        posted.push(await request.json());
        await new Promise<void>((resolve) => (release = resolve));
        return ok({ counted: true, xpGained: 1, reps: 1, due: Date.now() + DAY });
      }),
    );
    const { user } = renderApp('/review');
    await screen.findByRole('heading', { level: 2, name: 'Only card' });
    await user.keyboard(' ');
    await screen.findByRole('region', { name: 'Answer' });
    await user.keyboard('3');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Good/ })).toBeDisabled());
    await user.keyboard('3');
    await user.keyboard('4');
    release();
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Only card' })).not.toBeInTheDocument());
    expect(posted).toEqual([{ rating: 3, reps: 0 }]);
  });

  it('asks for the next batch when this one is used up', async () => {
    signIn();
    const { reads } = serve(
      makeReviewQueue([makeReviewCard({ front: 'Last of the batch' })], { toReview: 21 }),
      makeReviewQueue([makeReviewCard({ front: 'Next batch' })], { toReview: 20 }),
    );
    const { user } = renderApp('/review');
    await screen.findByRole('heading', { level: 2, name: 'Last of the batch' });
    expect(screen.getByText('21 left today')).toBeInTheDocument();
    await user.keyboard(' ');
    await screen.findByRole('region', { name: 'Answer' });
    await user.keyboard('1');
    const next = await screen.findByRole('heading', { level: 2, name: 'Next batch' });
    expect(reads()).toBe(2);
    expect(screen.getByText('20 left today')).toBeInTheDocument();
    await waitFor(() => expect(next).toHaveFocus());
  });

  it('shows a highlight card with its note', async () => {
    signIn();
    serve(makeReviewQueue([makeReviewCard({ kind: 'highlight', front: 'Where I Lived', back: 'I went to the woods', note: 'Deliberately!' })]));
    const { user } = renderApp('/review');
    await screen.findByRole('heading', { level: 2, name: 'Where I Lived' });
    expect(screen.getByText('Your highlight')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(answer).toHaveTextContent('I went to the woods');
    expect(answer).toHaveTextContent('Your note: Deliberately!');
  });

  it('says where cards come from when there is nothing to review', async () => {
    signIn();
    serve(makeReviewQueue([]));
    renderApp('/review');
    expect(await screen.findByText(NOTHING_TO_REVIEW)).toBeInTheDocument();
    expect(screen.getByText(/key ideas of the books you finish and from the highlights you mark for review/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a book to read' })).toHaveAttribute('href', '/books');
    expect(screen.getByRole('link', { name: 'Mark highlights for review' })).toHaveAttribute('href', '/highlights');
    expect(screen.queryByText(/left today/)).not.toBeInTheDocument();
  });

  it('shows a failed rating as an alert and keeps the card', async () => {
    signIn();
    server.use(
      http.get('/api/user/review', () => ok(makeReviewQueue([makeReviewCard({ front: 'Stays' })]))),
      http.post('/api/user/review/{id}', () => fail(400, 'Rate the card 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy).')),
    );
    const { user } = renderApp('/review');
    await screen.findByRole('heading', { level: 2, name: 'Stays' });
    await user.keyboard(' ');
    await user.click(await screen.findByRole('button', { name: /^Good/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Rate the card 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy).');
    expect(screen.getByRole('heading', { level: 2, name: 'Stays' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Good/ })).toBeEnabled();
  });

  it('shows a queue that cannot be read as an alert', async () => {
    signIn();
    server.use(http.get('/api/user/review', ({ response }) => response.untyped(fail(503, 'The review is resting. Try again soon.'))));
    renderApp('/review');
    expect(await screen.findByRole('alert')).toHaveTextContent('The review is resting. Try again soon.');
  });

  it('saves new cards a day, shows the server refusing a number, and reads the queue again after saving', async () => {
    signIn();
    const saved: unknown[] = [];
    const { reads } = serve(makeReviewQueue([], { newPerDay: 10 }));
    server.use(
      http.put('/api/user/review/settings', async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        if (body.newPerDay === null || body.newPerDay > 100) return fail(400, 'New cards a day must be a whole number from 0 to 100.');
        return ok({ newPerDay: body.newPerDay });
      }),
    );
    const { user } = renderApp('/review');
    const field = await screen.findByRole('spinbutton', { name: 'New cards a day' });
    await waitFor(() => expect(field).toHaveValue(10));
    // Keys typed in the field are the field's, not ratings or reveals.
    await user.clear(field);
    await user.type(field, '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('New cards a day must be a whole number from 0 to 100.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([{ newPerDay: 150 }]);

    await user.clear(field);
    await user.type(field, '25');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const before = reads();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(saved.at(-1)).toEqual({ newPerDay: 25 });
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('sends a visitor to sign up', async () => {
    const { router } = renderApp('/review');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/review');
  });
});
