import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GOALS, makeGoalView } from '@/testing/content-data';
import { bookPage, makeBook } from '@/testing/data';
import { http, ok } from '@/testing/handlers';
import { recordOnboardingPlans, TRENDING_BOOKS } from '@/testing/onboarding-data';
import { currentUrl, renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { pickCovers } from '../api/get-covers';
import { counterAnnouncement } from '../components/PersonalizingStep';
import { MESSAGES, PROGRESS } from '../constants';
import { ONBOARDING_KEY, readChoices } from '../storage';

const THREE_GOALS = [...GOALS, makeGoalView({ id: 3, title: 'Lead a team' })];

// The steps' headings and texts, as literals (the spec names none of them), so a changed text fails these tests.
const GOALS_TITLE = 'What do you want to get out of reading?';
const CATEGORIES_TITLE = 'Which subjects interest you?';
const PROOF_TITLE = 'What you get with Gistbook';
const WELCOME_TITLE = 'Welcome to Gistbook';
const THUMBS_TITLE = 'Would you read these?';
const PERSONALIZING_TITLE = 'Personalizing your plan…';
const SECRET_TITLE = 'Your personal reading plan';
const PICK_GOAL = 'Please pick one or two goals.';
const PICK_CATEGORY = 'Please pick at least one category.';

function progress() {
  return screen.getByRole('progressbar', { name: 'Your progress' });
}

async function onStep(title: string, value: number, focused = true) {
  const heading = await screen.findByRole('heading', { level: 1, name: title });
  if (focused) await waitFor(() => expect(heading).toHaveFocus());
  expect(progress()).toHaveAttribute('aria-valuenow', String(value));
  // The goals and the categories come from the server first.
  if (title === GOALS_TITLE || title === CATEGORIES_TITLE) await screen.findByRole('button', { name: 'Continue' });
  return heading;
}

function keep(choices: object) {
  window.sessionStorage.setItem(ONBOARDING_KEY, JSON.stringify(choices));
}

function kept() {
  return JSON.parse(window.sessionStorage.getItem(ONBOARDING_KEY) ?? 'null') as unknown;
}

/** A browser asking for reduced motion (or not). */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('onboarding: the pieces', () => {
  it('has the progress values of the spec and says the counter every quarter', () => {
    expect(Object.values(PROGRESS)).toEqual([0, 33, 50, 67, 83, 83]);
    expect(counterAnnouncement(0)).toBe('Personalizing: 0%');
    expect(counterAnnouncement(49)).toBe('Personalizing: 25%');
    expect(counterAnnouncement(100)).toBe('Your plan is ready.');
    expect(MESSAGES.twoGoals).toBe('You can only pick two goals.');
  });

  it('shows books with a cover first, five at most', () => {
    const books = [makeBook({ id: 1, image: '' }), ...TRENDING_BOOKS];
    expect(pickCovers(books).map((book) => book.id)).toEqual([501, 502, 503, 504, 505]);
    expect(pickCovers(books.slice(0, 3)).map((book) => book.id)).toEqual([501, 502, 1]);
  });

  it('reads back only well-formed choices', () => {
    keep({ goals: [1, 1, 'x', 2, 3], categories: [4, -1], step: 'nowhere', book: 9 });
    expect(readChoices()).toEqual({ goals: [1, 2], categories: [4], step: 'goals', book: 4 });
    window.sessionStorage.setItem(ONBOARDING_KEY, '{not json');
    expect(readChoices()).toEqual({ goals: [], categories: [], step: 'goals', book: 0 });
  });
});

describe('onboarding (/get-started)', () => {
  it('takes a visitor through the six steps to their plan on /secret', async () => {
    server.use(http.get('/api/catalogue/books', () => ok(bookPage(TRENDING_BOOKS))));
    const plans = recordOnboardingPlans();
    const { user, router } = renderApp('/get-started');

    // 1: the goals; nothing to go back to.
    const first = await onStep(GOALS_TITLE, 0, false);
    expect(first).not.toHaveFocus();
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    const goals = screen.getByRole('group', { name: 'Your goals' });
    expect(
      within(goals)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Be more productive', 'Find calm']);
    await user.click(screen.getByRole('checkbox', { name: 'Find calm' }));
    await user.click(screen.getByRole('checkbox', { name: 'Be more productive' }));
    expect(kept()).toMatchObject({ goals: [2, 1], step: 'goals' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // 2: the categories.
    await onStep(CATEGORIES_TITLE, 33);
    expect(kept()).toMatchObject({ goals: [1, 2], step: 'categories' });
    await user.click(screen.getByRole('checkbox', { name: 'Economics' }));
    await user.click(screen.getByRole('checkbox', { name: 'Philosophy' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // 3: what members get; Back and forth again, the ticks kept.
    await onStep(PROOF_TITLE, 50);
    expect(screen.getByText('Free to start')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await onStep(CATEGORIES_TITLE, 33);
    expect(screen.getByRole('checkbox', { name: 'Philosophy' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Economics' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Self-Improvement' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await onStep(PROOF_TITLE, 50);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // 4: welcome.
    await onStep(WELCOME_TITLE, 67);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // 5: five covers, one at a time; either thumb moves on, Back goes to the book before.
    await onStep(THUMBS_TITLE, 83);
    expect(await screen.findByRole('img', { name: 'Cover of Atomic Habits' })).toHaveAttribute('src', '/media/public/covers/501.jpg');
    expect(screen.getByText('Book 1 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Thumbs up' }));
    expect(screen.getByRole('img', { name: 'Cover of Deep Work' })).toBeInTheDocument();
    expect(screen.getByText('Book 2 of 5: Deep Work')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('img', { name: 'Cover of Atomic Habits' })).toBeInTheDocument();
    expect(screen.getByText('Book 1 of 5: Atomic Habits')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Thumbs down' }));
    await user.click(screen.getByRole('button', { name: 'Thumbs up' }));
    await user.click(screen.getByRole('button', { name: 'Thumbs down' }));
    expect(screen.getByText('Book 4 of 5')).toBeInTheDocument();
    expect(kept()).toMatchObject({ step: 'books', book: 3 });
    await user.click(screen.getByRole('button', { name: 'Thumbs up' }));
    expect(screen.getByRole('img', { name: 'Cover of Quiet' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Cover of Sapiens' })).not.toBeInTheDocument();

    // 6: the counter, 1% every 20 ms, then /secret.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await user.click(screen.getByRole('button', { name: 'Thumbs down' }));
    expect(screen.getByRole('heading', { level: 1, name: PERSONALIZING_TITLE })).toHaveFocus();
    expect(progress()).toHaveAttribute('aria-valuenow', '83');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    const counter = screen.getByRole('progressbar', { name: 'Personalizing' });
    expect(counter).toHaveAttribute('aria-valuenow', '0');
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(counter).toHaveAttribute('aria-valuenow', '1');
    act(() => {
      vi.advanceTimersByTime(20 * 49);
    });
    expect(counter).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByText('Personalizing: 50%')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/get-started');
    act(() => {
      vi.advanceTimersByTime(20 * 50);
    });
    vi.useRealTimers();

    await waitFor(() => expect(currentUrl(router)).toBe('/secret'));
    expect(await screen.findByRole('heading', { level: 1, name: SECRET_TITLE })).toBeInTheDocument();
    expect(await screen.findAllByTestId('challenge-book')).toHaveLength(10);
    expect(plans).toEqual([{ goals: [1, 2], categories: [1, 3] }]);
    // Back on /get-started later: step 1, the choices ticked.
    expect(kept()).toEqual({ goals: [1, 2], categories: [1, 3], step: 'goals', book: 0 });
  });

  it('asks for a goal, at most two goals, and a category', async () => {
    server.use(http.get('/api/goals', () => ok({ goals: THREE_GOALS, userGoals: [], userBookRecommendations: [], reminders: false })));
    const { user } = renderApp('/get-started');
    await onStep(GOALS_TITLE, 0, false);

    // No goal.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICK_GOAL);
    expect(screen.getByRole('checkbox', { name: 'Be more productive' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Your goals' })).toHaveAccessibleDescription(`Pick one or two. ${PICK_GOAL}`);

    // A third goal is refused.
    await user.click(screen.getByRole('checkbox', { name: 'Be more productive' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Lead a team' }));
    await user.click(screen.getByRole('checkbox', { name: 'Find calm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.twoGoals);
    expect(screen.getByRole('checkbox', { name: 'Find calm' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Lead a team' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // No category.
    await onStep(CATEGORIES_TITLE, 33);
    expect(kept()).toMatchObject({ goals: [1, 3] });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICK_CATEGORY);
    expect(screen.getByRole('checkbox', { name: 'Philosophy' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: CATEGORIES_TITLE })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Self-Improvement' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await onStep(PROOF_TITLE, 50);
  });

  it('comes back to the step and the choices after a reload', async () => {
    keep({ goals: [2], categories: [1], step: 'proof', book: 0 });
    const { user } = renderApp('/get-started');
    await onStep(PROOF_TITLE, 50, false);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await onStep(CATEGORIES_TITLE, 33);
    expect(screen.getByRole('checkbox', { name: 'Philosophy' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await onStep(GOALS_TITLE, 0);
    expect(screen.getByRole('checkbox', { name: 'Find calm' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Be more productive' })).not.toBeChecked();
  });

  it('starts at the missing choice when a later step was kept without it', async () => {
    keep({ goals: [1], categories: [], step: 'welcome', book: 0 });
    renderApp('/get-started');
    await onStep(CATEGORIES_TITLE, 33, false);
  });

  it('lets the visitor go on when there are no books to show', async () => {
    keep({ goals: [1], categories: [1], step: 'books', book: 0 });
    server.use(http.get('/api/catalogue/books', () => ok(bookPage([]))));
    const { user } = renderApp('/get-started');
    await onStep(THUMBS_TITLE, 83, false);
    expect(await screen.findByText(/We could not show the books just now/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await onStep(PERSONALIZING_TITLE, 83);
  });

  it('moves the counter in four steps with reduced motion, and still reaches /secret', async () => {
    prefersReducedMotion(true);
    keep({ goals: [1], categories: [2], step: 'personalizing', book: 0 });
    const plans = recordOnboardingPlans();
    // Only the intervals: the page's lazy chunk and the queries still run on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { router } = renderApp('/get-started');
    await screen.findByRole('heading', { level: 1, name: PERSONALIZING_TITLE });
    const counter = screen.getByRole('progressbar', { name: 'Personalizing' });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(counter).toHaveAttribute('aria-valuenow', '0');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(counter).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Personalizing: 25%')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(counter).toHaveAttribute('aria-valuenow', '75');
    expect(currentUrl(router)).toBe('/get-started');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    vi.useRealTimers();
    await waitFor(() => expect(currentUrl(router)).toBe('/secret'));
    await screen.findByRole('heading', { level: 1, name: SECRET_TITLE });
    await waitFor(() => expect(plans).toEqual([{ goals: [1], categories: [2] }]));
  });
});
