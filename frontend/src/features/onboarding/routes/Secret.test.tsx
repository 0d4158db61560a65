import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecommendsRequest, RegisterRequest, TenDayChallengeSubmit } from '@/lib/api/types';
import { makeChallengeBooks, makeGoalsResult } from '@/testing/challenge-data';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { recordOnboardingPlans } from '@/testing/onboarding-data';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { ONBOARDING_KEY } from '../storage';

// The page's texts, as literals, so a changed text fails these tests: the sign-up message is the
// spec's (member-app.md §5), the headings and the button are the page's own (the spec names none).
const SECRET_TITLE = 'Your personal reading plan';
const SIGNUP_TITLE = 'Keep your plan: create your free account';
const SAVE_TITLE = 'Save this plan';
const SIGNUP_REQUIRED = 'Please specify an email or password or first name or last name.';

/** What /get-started leaves behind: goals 1 and 2, categories 1 and 3. */
function keepChoices(choices: { goals: number[]; categories: number[] } = { goals: [1, 2], categories: [1, 3] }) {
  window.sessionStorage.setItem(ONBOARDING_KEY, JSON.stringify({ ...choices, step: 'goals', book: 0 }));
}

interface Sent<T> {
  body: T;
  authorization: string | null;
}

/**
 * Records sign-up, the recommends and the plan saved (with the token each was sent with); once a
 * plan is saved, GET /api/goals answers it (so /ten-day-challenge shows it saved).
 */
function recordAccount() {
  const registered: RegisterRequest[] = [];
  const recommends: Sent<RecommendsRequest>[] = [];
  const plans: Sent<TenDayChallengeSubmit>[] = [];
  server.use(
    http.post('/api/user/register', async ({ request }) => {
      registered.push(await request.json());
      return ok({ token: 'register-token', user: makeUser({ id: 2, recommends: [] }) });
    }),
    http.put('/api/user/recommends', async ({ request }) => {
      const body = await request.json();
      recommends.push({ body, authorization: request.headers.get('Authorization') });
      return ok({ user: makeUser({ id: 2, recommends: body.recommends }) });
    }),
    http.post('/api/user/ten-day-challenge-submit', async ({ request }) => {
      const body = await request.json();
      plans.push({ body, authorization: request.headers.get('Authorization') });
      return ok({ userGoals: body.goals ?? [], userBookRecommendations: makeChallengeBooks() });
    }),
    http.get('/api/goals', () => {
      const saved = plans[plans.length - 1];
      return ok(saved ? makeGoalsResult({ userGoals: saved.body.goals ?? [], userBookRecommendations: makeChallengeBooks() }) : makeGoalsResult());
    }),
  );
  return { registered, recommends, plans };
}

async function fillSignup(
  user: ReturnType<typeof renderApp>['user'],
  fields = { first: 'Ada', last: 'Reader', email: ' ada@example.com ', password: 'Sup3r-secret' },
) {
  await user.type(screen.getByLabelText('First name'), fields.first);
  await user.type(screen.getByLabelText('Last name'), fields.last);
  await user.type(screen.getByLabelText('Email'), fields.email);
  await user.type(screen.getByLabelText('Password'), fields.password);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('onboarding: the plan (/secret)', () => {
  it('sends a visitor without choices to /get-started', async () => {
    const plans = recordOnboardingPlans();
    renderApp('/secret');
    expect(await screen.findByRole('heading', { level: 1, name: SECRET_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/get-started');
    expect(screen.queryByRole('heading', { name: SIGNUP_TITLE })).not.toBeInTheDocument();
    expect(plans).toEqual([]);
  });

  it("shows the visitor's plan, signs them up and carries the choices into the account", async () => {
    keepChoices();
    const asked = recordOnboardingPlans();
    const { registered, recommends, plans } = recordAccount();
    const { user, router } = renderApp('/secret');

    // The plan: the goals' titles and ten days.
    expect(await screen.findByRole('heading', { level: 1, name: SECRET_TITLE })).toBeInTheDocument();
    const days = await screen.findByRole('list', { name: 'Your books, one a day' });
    const cards = within(days).getAllByTestId('challenge-book');
    expect(cards).toHaveLength(10);
    expect(within(cards[0]).getByText('Day 1')).toBeInTheDocument();
    expect(within(cards[9]).getByRole('link', { name: 'Start Reading Book of day 10' })).toHaveAttribute('href', '/books/book-10');
    const goals = screen.getByRole('list', { name: 'Your goals' });
    expect(
      within(goals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Be more productive', 'Find calm']);
    expect(asked).toEqual([{ goals: [1, 2], categories: [1, 3] }]);

    // Then sign-up; logging in or Google and Apple come back here.
    expect(screen.getByRole('heading', { level: 2, name: SIGNUP_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your free account to keep it' })).toHaveAttribute('href', '#onboarding-signup');
    expect(screen.getByRole('link', { name: 'Log in to save your plan' })).toHaveAttribute('href', '/login?redirect=%2Fsecret');
    expect(screen.getByRole('link', { name: 'Sign up with Google or Apple' })).toHaveAttribute('href', '/signup?redirect=%2Fsecret');
    expect(screen.queryByRole('button', { name: SAVE_TITLE })).not.toBeInTheDocument();

    // Every field is needed.
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_REQUIRED);
    expect(registered).toEqual([]);

    await fillSignup(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/ten-day-challenge'));
    expect(registered).toEqual([
      { username: 'ada@example.com', password: 'Sup3r-secret', firstName: 'Ada', lastName: 'Reader', timezone: expect.any(String) as string },
    ]);
    // Signed in with the new account's token: the categories, then the plan.
    expect(recommends).toEqual([{ body: { recommends: [1, 3] }, authorization: 'Bearer register-token' }]);
    expect(plans).toEqual([{ body: { goals: [1, 2], bookIds: [101, 102, 103, 104, 105, 106, 107, 108, 109, 110] }, authorization: 'Bearer register-token' }]);
    expect(window.sessionStorage.getItem(ONBOARDING_KEY)).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('register-token');
    // The challenge shows the plan saved.
    expect(await screen.findByText('Your plan is saved.', { exact: false })).toBeInTheDocument();
  });

  it("shows the server's refusal of the sign-up and carries nothing", async () => {
    keepChoices();
    recordOnboardingPlans();
    const { recommends, plans } = recordAccount();
    server.use(http.post('/api/user/register', () => fail(400, 'This e-mail address is already registered.', 'email_taken')));
    const { user, router } = renderApp('/secret');
    await screen.findByRole('list', { name: 'Your books, one a day' });
    await fillSignup(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This e-mail address is already registered.');
    expect(currentUrl(router)).toBe('/secret');
    expect(recommends).toEqual([]);
    expect(plans).toEqual([]);
    expect(window.sessionStorage.getItem(ONBOARDING_KEY)).not.toBeNull();
  });

  it('lets a new member save again when carrying the plan fails after sign-up', async () => {
    keepChoices();
    recordOnboardingPlans();
    const { plans } = recordAccount();
    let refuse = true;
    server.use(
      http.post('/api/user/ten-day-challenge-submit', async ({ request, response }) => {
        const body = await request.json();
        if (refuse) return response.untyped(fail(400, 'Please create a plan first.'));
        plans.push({ body, authorization: request.headers.get('Authorization') });
        return ok({ userGoals: body.goals ?? [], userBookRecommendations: makeChallengeBooks() });
      }),
    );
    const { user, router } = renderApp('/secret');
    await screen.findByRole('list', { name: 'Your books, one a day' });
    await fillSignup(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please create a plan first.');
    // Signed in now: no form, the Save button instead; the choices still kept.
    expect(screen.queryByRole('heading', { name: SIGNUP_TITLE })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(ONBOARDING_KEY)).not.toBeNull();
    refuse = false;
    await user.click(screen.getByRole('button', { name: SAVE_TITLE }));
    await waitFor(() => expect(currentUrl(router)).toBe('/ten-day-challenge'));
    expect(plans).toHaveLength(1);
    expect(window.sessionStorage.getItem(ONBOARDING_KEY)).toBeNull();
  });

  it('gives a signed-in member "Save this plan" instead of the form', async () => {
    signIn();
    keepChoices({ goals: [2], categories: [2] });
    recordOnboardingPlans();
    const { registered, recommends, plans } = recordAccount();
    const { user, router } = renderApp('/secret');
    await screen.findByRole('list', { name: 'Your books, one a day' });
    expect(screen.queryByRole('heading', { name: SIGNUP_TITLE })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SAVE_TITLE }));
    await waitFor(() => expect(currentUrl(router)).toBe('/ten-day-challenge'));
    expect(registered).toEqual([]);
    expect(recommends).toEqual([{ body: { recommends: [2] }, authorization: 'Bearer test-token' }]);
    expect(plans.map((sent) => sent.body)).toEqual([{ goals: [2], bookIds: [101, 102, 103, 104, 105, 106, 107, 108, 109, 110] }]);
    expect(window.sessionStorage.getItem(ONBOARDING_KEY)).toBeNull();
  });

  it("shows the server's refusal of the choices, with the way back to them", async () => {
    keepChoices({ goals: [99], categories: [1] });
    recordOnboardingPlans(() => fail(400, 'There is no such goal.', 'unknown_goal'));
    renderApp('/secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such goal.');
    expect(screen.getByRole('link', { name: 'Change your choices' })).toHaveAttribute('href', '/get-started');
    expect(screen.queryByRole('heading', { name: SIGNUP_TITLE })).not.toBeInTheDocument();
  });
});
