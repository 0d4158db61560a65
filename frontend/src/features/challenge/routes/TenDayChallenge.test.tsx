import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TenDayChallengeSubmit } from '@/lib/api/types';
import type { RemindersSetting, TenDayChallengeRequest } from '../api/types';
import { makeChallengeBooks, makeGoalsResult, makeTenDayPlan } from '@/testing/challenge-data';
import { GOALS, makeGoalView } from '@/testing/content-data';
import { makeUser } from '@/testing/data';
import { fail, http, notLoggedIn, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { CHALLENGE_LOGIN, SAVE_LOGIN_MESSAGE } from '../constants';
import { PICK_MESSAGE, TWO_GOALS_MESSAGE, planProblem } from '../validation';

const THREE_GOALS = [...GOALS, makeGoalView({ id: 3, title: 'Lead a team' })];
const NETWORK_ERROR = 'There was an error processing your request.';
// The page's texts, as literals (the spec names none of them), so a changed text fails these tests.
const INTRO_TITLE = 'Read ten books in ten days';
const GOALS_TITLE = 'Pick your goals';
const RESULTS_TITLE = 'Your 10-Day Reading Plan';
const SAVED_MESSAGE = 'Your plan is saved.';
const REMINDERS_LABEL = "E-mail me each morning at 8:00 with the day's book";
const REMINDERS_ON_MESSAGE = "Reminders are on. We'll e-mail you each morning at 8:00 with the day's book.";
const REMINDERS_OFF_MESSAGE = 'Reminders are off. You will get no more reminder e-mails for this plan.';

/** Answers GET /api/goals with three goals; counts the calls. */
function threeGoals(saved: Parameters<typeof makeGoalsResult>[0] = {}) {
  const calls = { count: 0 };
  server.use(
    http.get('/api/goals', () => {
      calls.count += 1;
      return ok({ ...makeGoalsResult(saved), goals: THREE_GOALS });
    }),
  );
  return calls;
}

function recordPlans() {
  const sent: TenDayChallengeRequest[] = [];
  server.use(
    http.post('/api/user/ten-day-challenge', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return ok(makeTenDayPlan(body.goals, undefined, THREE_GOALS));
    }),
  );
  return sent;
}

/** Records the saves; once one is made, GET /api/goals answers the plan saved (day 2 done). */
function recordSaves() {
  const sent: TenDayChallengeSubmit[] = [];
  const goalsCalls = { count: 0, afterSave: 0 };
  server.use(
    http.post('/api/user/ten-day-challenge-submit', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return ok({ userGoals: body.goals ?? [], userBookRecommendations: makeChallengeBooks(10, [2]) });
    }),
    http.get('/api/goals', () => {
      goalsCalls.count += 1;
      if (sent.length === 0) return ok({ ...makeGoalsResult(), goals: THREE_GOALS });
      goalsCalls.afterSave += 1;
      const last = sent[sent.length - 1];
      return ok({ ...makeGoalsResult({ userGoals: last?.goals, userBookRecommendations: makeChallengeBooks(10, [2]) }), goals: THREE_GOALS });
    }),
  );
  return { sent, goalsCalls };
}

/** Opens the page, starts and is on step 2. */
async function openGoals(path = '/ten-day-challenge') {
  const utils = renderApp(path);
  await utils.user.click(await screen.findByRole('button', { name: 'Start the Challenge' }));
  await screen.findByRole('heading', { level: 2, name: GOALS_TITLE });
  return utils;
}

/** Ticks goals 1 and 3, fills in the e-mail when given, and creates the plan. */
async function createPlan(user: ReturnType<typeof renderApp>['user'], email?: string) {
  await user.click(screen.getByRole('checkbox', { name: 'Be more productive' }));
  await user.click(screen.getByRole('checkbox', { name: 'Lead a team' }));
  if (email !== undefined) {
    await user.clear(screen.getByRole('textbox', { name: 'Your email' }));
    await user.type(screen.getByRole('textbox', { name: 'Your email' }), email);
  }
  await user.click(screen.getByRole('button', { name: 'Create My Plan' }));
  return screen.findByRole('heading', { level: 2, name: RESULTS_TITLE });
}

function dayCards() {
  return screen.getAllByTestId('challenge-book');
}

describe('ten-day challenge: the checks', () => {
  it("says the server's texts: a goal and an e-mail first, then at most two goals", () => {
    expect(PICK_MESSAGE).toBe('Please pick at least one goal and specify an email address.');
    expect(TWO_GOALS_MESSAGE).toBe('You can only pick two goals.');
    expect(planProblem({ goals: [], email: 'a@example.com' })).toEqual({ field: 'goals', message: PICK_MESSAGE });
    expect(planProblem({ goals: [], email: '' })).toEqual({ field: 'goals', message: PICK_MESSAGE });
    expect(planProblem({ goals: [1], email: '   ' })).toEqual({ field: 'email', message: PICK_MESSAGE });
    expect(planProblem({ goals: [1, 2, 3], email: 'a@example.com' })).toEqual({ field: 'goals', message: TWO_GOALS_MESSAGE });
    expect(planProblem({ goals: [1, 2], email: 'a@example.com' })).toBeNull();
    expect(CHALLENGE_LOGIN).toBe('/login?redirect=%2Ften-day-challenge');
  });
});

describe('ten-day challenge (/ten-day-challenge)', () => {
  it('takes a visitor from the intro to the goals and the plan: two goals at most, an e-mail, ten days to read', async () => {
    threeGoals();
    const sent = recordPlans();
    const { user } = renderApp('/ten-day-challenge');

    // 1: the intro.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ten-Day Challenge' })).toBeInTheDocument();
    const intro = await screen.findByRole('heading', { level: 2, name: INTRO_TITLE });
    expect(intro).not.toHaveFocus();
    expect(screen.getByText(/The ten-day challenge is free/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to continue' })).toHaveAttribute('href', '/login?redirect=%2Ften-day-challenge');
    expect(screen.getByText('The challenge').closest('li')).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Start the Challenge' }));

    // 2: the goals, the heading focused.
    const goalsHeading = await screen.findByRole('heading', { level: 2, name: GOALS_TITLE });
    await waitFor(() => expect(goalsHeading).toHaveFocus());
    const email = screen.getByRole('textbox', { name: 'Your email' });
    expect(email).toHaveValue('');
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Be more productive', 'Find calm', 'Lead a team']);

    // Nothing picked.
    await user.click(screen.getByRole('button', { name: 'Create My Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICK_MESSAGE);
    expect(screen.getByRole('checkbox', { name: 'Be more productive' })).toHaveFocus();

    // Two goals, not three.
    await user.click(screen.getByRole('checkbox', { name: 'Be more productive' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Lead a team' }));
    await user.click(screen.getByRole('checkbox', { name: 'Find calm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_GOALS_MESSAGE);
    expect(screen.getByRole('checkbox', { name: 'Find calm' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Be more productive' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Lead a team' })).toBeChecked();

    // No e-mail.
    await user.click(screen.getByRole('button', { name: 'Create My Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICK_MESSAGE);
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.type(email, ' reader@example.com ');
    await user.click(screen.getByRole('button', { name: 'Create My Plan' }));

    // 3: the plan.
    const results = await screen.findByRole('heading', { level: 2, name: RESULTS_TITLE });
    await waitFor(() => expect(results).toHaveFocus());
    expect(sent).toEqual([{ goals: [1, 3], email: 'reader@example.com' }]);
    const goals = screen.getByRole('list', { name: 'Your goals' });
    expect(
      within(goals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Be more productive', 'Lead a team']);
    const cards = dayCards();
    expect(cards).toHaveLength(10);
    cards.forEach((card, index) => {
      const day = index + 1;
      expect(within(card).getByText(`Day ${day}`)).toBeInTheDocument();
      expect(within(card).getByRole('heading', { level: 3, name: `Book of day ${day}` })).toBeInTheDocument();
      expect(within(card).getByText(`Author ${day}`)).toBeInTheDocument();
      const cover = within(card).getByRole('img', { name: `Book of day ${day}` });
      expect(cover).toHaveAttribute('width');
      expect(cover).toHaveAttribute('height');
      expect(within(card).getByRole('link', { name: `Start Reading Book of day ${day}` })).toHaveAttribute('href', `/books/book-${day}`);
      expect(within(card).queryByText('Done')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Save Your Reading Plan' })).toBeInTheDocument();
    expect(screen.queryByText(SAVED_MESSAGE)).not.toBeInTheDocument();
    // No reminders for a plan not saved (nor for a visitor).
    expect(screen.queryByRole('checkbox', { name: REMINDERS_LABEL })).not.toBeInTheDocument();

    // Shared to Twitter (X), Facebook and by e-mail.
    const page = encodeURIComponent('http://localhost:3000/ten-day-challenge');
    expect(screen.getByRole('link', { name: 'Share on Twitter (opens in a new tab)' }).getAttribute('href')).toMatch(
      /^https:\/\/twitter\.com\/intent\/tweet\?text=/,
    );
    expect(screen.getByRole('link', { name: 'Share on Twitter (opens in a new tab)' }).getAttribute('href')).toContain(`&url=${page}`);
    expect(screen.getByRole('link', { name: 'Share on Facebook (opens in a new tab)' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${page}`,
    );
    expect(screen.getByRole('link', { name: 'Share by e-mail' }).getAttribute('href')).toMatch(/^mailto:\?subject=/);

    // Create New Plan: back to the goals, as they were.
    await user.click(screen.getByRole('button', { name: 'Create New Plan' }));
    const again = await screen.findByRole('heading', { level: 2, name: GOALS_TITLE });
    await waitFor(() => expect(again).toHaveFocus());
    expect(screen.getByRole('checkbox', { name: 'Be more productive' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveValue('reader@example.com');
  });

  it("fills in the member's e-mail, saves the plan and shows it saved from GET /api/goals", async () => {
    signIn();
    server.use(http.get('/api/user/session', () => ok({ user: makeUser({ id: 1, email: 'ada@example.com' }) })));
    const { sent, goalsCalls } = recordSaves();
    const plans = recordPlans();
    const { user } = renderApp('/ten-day-challenge');
    await screen.findByRole('heading', { level: 2, name: INTRO_TITLE });
    // A member is logged in already.
    expect(screen.queryByRole('link', { name: 'Log in to continue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start the Challenge' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveValue('ada@example.com'));
    await createPlan(user);
    expect(plans).toEqual([{ goals: [1, 3], email: 'ada@example.com' }]);
    expect(screen.queryByRole('checkbox', { name: REMINDERS_LABEL })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Your Reading Plan' }));
    expect(await screen.findByText(SAVED_MESSAGE, { exact: false })).toBeInTheDocument();
    expect(sent).toEqual([{ goals: [1, 3], bookIds: [101, 102, 103, 104, 105, 106, 107, 108, 109, 110] }]);
    await waitFor(() => expect(goalsCalls.afterSave).toBe(1));
    expect(screen.queryByRole('button', { name: 'Save Your Reading Plan' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: RESULTS_TITLE })).toHaveFocus());
    expect(within(dayCards()[1]).getByText('Done')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Your goals' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Be more productive', 'Lead a team']);
    expect(window.sessionStorage.getItem('tenDayGoals')).toBeNull();
    // Saved: the daily reminders may be turned on (off to begin with).
    expect(await screen.findByRole('checkbox', { name: REMINDERS_LABEL })).not.toBeChecked();
  });

  it('opens on the saved plan of a member: marked saved, the days done ticked, no Save button', async () => {
    signIn();
    threeGoals({ userGoals: [2], userBookRecommendations: makeChallengeBooks(10, [1, 3]).reverse() });
    const { user } = renderApp('/ten-day-challenge');
    const heading = await screen.findByRole('heading', { level: 2, name: RESULTS_TITLE });
    expect(heading).not.toHaveFocus();
    expect(screen.queryByRole('heading', { name: INTRO_TITLE })).not.toBeInTheDocument();
    expect(screen.getByText(new RegExp(SAVED_MESSAGE.replace('.', '\\.')))).toHaveTextContent('2 of 10 days done.');
    expect(screen.queryByRole('button', { name: 'Save Your Reading Plan' })).not.toBeInTheDocument();
    const cards = dayCards();
    // Day by day, whatever the order of the answer.
    expect(cards.map((card) => within(card).getByText(/^Day \d+$/).textContent)).toEqual(Array.from({ length: 10 }, (_, i) => `Day ${i + 1}`));
    expect(cards.map((card) => within(card).queryByText('Done') !== null)).toEqual([true, false, true, false, false, false, false, false, false, false]);
    expect(within(cards[0]).getByRole('link', { name: 'Start Reading Book of day 1' })).toHaveAttribute('href', '/books/book-1');
    expect(within(screen.getByRole('list', { name: 'Your goals' })).getByText('Find calm')).toBeInTheDocument();
    expect(screen.getByText('Your plan').closest('li')).toHaveAttribute('aria-current', 'step');

    // A new plan starts from the saved goals.
    await user.click(screen.getByRole('button', { name: 'Create New Plan' }));
    await screen.findByRole('heading', { level: 2, name: GOALS_TITLE });
    expect(screen.getByRole('checkbox', { name: 'Find calm' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Be more productive' })).not.toBeChecked();
  });

  it('keeps the plan of a visitor who saves it and sends them to log in after a second', async () => {
    threeGoals();
    const saves = recordSaves().sent;
    const { user, router } = await openGoals();
    await createPlan(user, 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Your Reading Plan' }));
    const clickedAt = Date.now();
    expect(await screen.findByText(SAVE_LOGIN_MESSAGE)).toBeInTheDocument();
    expect(SAVE_LOGIN_MESSAGE).toBe('Log in to save your plan…');
    expect(window.sessionStorage.getItem('tenDayGoals')).toBe('[1,3]');
    expect(window.sessionStorage.getItem('tenDayBookIds')).toBe('[101,102,103,104,105,106,107,108,109,110]');
    expect(currentUrl(router)).toBe('/ten-day-challenge');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Ften-day-challenge'), { timeout: 4000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(900);
    expect(saves).toEqual([]);
  });

  it('keeps the plan and asks to log in again when the session is lost while saving', async () => {
    signIn();
    threeGoals();
    recordPlans();
    server.use(http.post('/api/user/ten-day-challenge-submit', ({ response }) => response.untyped(notLoggedIn())));
    const { user, router } = await openGoals();
    await createPlan(user, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Your Reading Plan' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Ften-day-challenge'));
    expect(window.sessionStorage.getItem('tenDayGoals')).toBe('[1,3]');
    expect(window.sessionStorage.getItem('tenDayBookIds')).toBe('[101,102,103,104,105,106,107,108,109,110]');
  });

  it('saves the plan kept in sessionStorage when a member comes back signed in, and drops it', async () => {
    signIn();
    window.sessionStorage.setItem('tenDayGoals', '[1,3]');
    window.sessionStorage.setItem('tenDayBookIds', '[101,102,103,104,105,106,107,108,109,110]');
    const { sent, goalsCalls } = recordSaves();
    renderApp('/ten-day-challenge');
    expect(await screen.findByText(SAVED_MESSAGE, { exact: false })).toBeInTheDocument();
    expect(sent).toEqual([{ goals: [1, 3], bookIds: [101, 102, 103, 104, 105, 106, 107, 108, 109, 110] }]);
    await waitFor(() => expect(goalsCalls.afterSave).toBeGreaterThanOrEqual(1));
    expect(window.sessionStorage.getItem('tenDayGoals')).toBeNull();
    expect(window.sessionStorage.getItem('tenDayBookIds')).toBeNull();
    expect(dayCards()).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Save Your Reading Plan' })).not.toBeInTheDocument();
  });

  it('shows the kept plan saved even when the first GET /api/goals answers after the save (sent before it)', async () => {
    signIn();
    window.sessionStorage.setItem('tenDayGoals', '[1,3]');
    window.sessionStorage.setItem('tenDayBookIds', '[101,102,103,104,105,106,107,108,109,110]');
    let saved = false;
    server.use(
      http.post('/api/user/ten-day-challenge-submit', async ({ request }) => {
        const body = await request.json();
        saved = true;
        return ok({ userGoals: body.goals ?? [], userBookRecommendations: makeChallengeBooks(10, []) });
      }),
      http.get('/api/goals', async () => {
        // What the server knew when the request arrived, answered late (a slow first answer).
        const knewPlan = saved;
        await new Promise((resolve) => setTimeout(resolve, 300));
        const plan = knewPlan ? { userGoals: [1, 3], userBookRecommendations: makeChallengeBooks(10, []) } : {};
        return ok({ ...makeGoalsResult(plan), goals: THREE_GOALS });
      }),
    );
    renderApp('/ten-day-challenge');
    expect(await screen.findByText(SAVED_MESSAGE, { exact: false }, { timeout: 3000 })).toBeInTheDocument();
    expect(dayCards()).toHaveLength(10);
  });

  it('leaves a kept plan alone while signed out', async () => {
    window.sessionStorage.setItem('tenDayGoals', '[1]');
    window.sessionStorage.setItem('tenDayBookIds', '[101]');
    const { sent } = recordSaves();
    renderApp('/ten-day-challenge');
    expect(await screen.findByRole('heading', { level: 2, name: INTRO_TITLE })).toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(window.sessionStorage.getItem('tenDayGoals')).toBe('[1]');
  });

  it("shows the server's refusal of a kept plan and drops it", async () => {
    signIn();
    window.sessionStorage.setItem('tenDayGoals', '[1]');
    window.sessionStorage.setItem('tenDayBookIds', '[999]');
    server.use(http.post('/api/user/ten-day-challenge-submit', ({ response }) => response.untyped(fail(400, 'Please create a plan first.'))));
    renderApp('/ten-day-challenge');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please create a plan first.');
    expect(screen.getByRole('heading', { level: 2, name: INTRO_TITLE })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('tenDayGoals')).toBeNull();
  });

  it("shows the server's refusal of a plan and keeps what was picked", async () => {
    threeGoals();
    server.use(http.post('/api/user/ten-day-challenge', ({ response }) => response.untyped(fail(400, 'Please enter a valid email address.', 'invalid_email'))));
    const { user } = await openGoals();
    await user.click(screen.getByRole('checkbox', { name: 'Find calm' }));
    await user.type(screen.getByRole('textbox', { name: 'Your email' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Create My Plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByRole('checkbox', { name: 'Find calm' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveValue('not-an-address');
    expect(screen.queryByRole('heading', { name: RESULTS_TITLE })).not.toBeInTheDocument();
  });

  it("says so when the plan's request gets no answer", async () => {
    threeGoals();
    server.use(http.post('/api/user/ten-day-challenge', () => HttpResponse.error()));
    const { user } = await openGoals();
    await user.click(screen.getByRole('checkbox', { name: 'Find calm' }));
    await user.type(screen.getByRole('textbox', { name: 'Your email' }), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Create My Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR);
  });

  it('says so when the goals cannot be loaded', async () => {
    server.use(http.get('/api/goals', () => HttpResponse.error()));
    renderApp('/ten-day-challenge');
    // One retry first (a second later).
    expect(await screen.findByRole('alert', {}, { timeout: 6000 })).toHaveTextContent(NETWORK_ERROR);
  });

  it("shows the server's message when the goals are refused", async () => {
    server.use(http.get('/api/goals', ({ response }) => response.untyped(fail(503, 'Goals are resting.'))));
    renderApp('/ten-day-challenge');
    expect(await screen.findByRole('alert', {}, { timeout: 6000 })).toHaveTextContent('Goals are resting.');
  });
});

/**
 * A member's saved plan whose reminders are as the server last heard: GET /api/goals answers them,
 * PUT /api/user/ten-day-challenge/reminders records the bodies and changes them.
 */
function savedPlanWithReminders(initially: boolean) {
  const state = { reminders: initially, goalsCalls: 0 };
  const sent: RemindersSetting[] = [];
  server.use(
    http.get('/api/goals', () => {
      state.goalsCalls += 1;
      return ok(makeGoalsResult({ userGoals: [1], userBookRecommendations: makeChallengeBooks(), reminders: state.reminders }));
    }),
    http.put('/api/user/ten-day-challenge/reminders', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      state.reminders = body.reminders;
      return ok({ reminders: state.reminders });
    }),
  );
  return { state, sent };
}

describe('ten-day challenge: the daily reminder e-mails', () => {
  it('turns the reminders of a saved plan on and off, saying so', async () => {
    signIn();
    const { state, sent } = savedPlanWithReminders(false);
    const { user } = renderApp('/ten-day-challenge');
    const box = await screen.findByRole('checkbox', { name: REMINDERS_LABEL });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/at 8:00/);

    const callsBefore = state.goalsCalls;
    await user.click(box);
    expect(box).toBeChecked();
    expect(await screen.findByText(REMINDERS_ON_MESSAGE)).toHaveAttribute('role', 'status');
    expect(sent).toEqual([{ reminders: true }]);
    // GET /api/goals is asked again, and agrees.
    await waitFor(() => expect(state.goalsCalls).toBeGreaterThan(callsBefore));
    expect(screen.getByRole('checkbox', { name: REMINDERS_LABEL })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: REMINDERS_LABEL }));
    expect(await screen.findByText(REMINDERS_OFF_MESSAGE)).toHaveAttribute('role', 'status');
    expect(sent).toEqual([{ reminders: true }, { reminders: false }]);
    expect(screen.getByRole('checkbox', { name: REMINDERS_LABEL })).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens with the reminders on when the server says so', async () => {
    signIn();
    savedPlanWithReminders(true);
    renderApp('/ten-day-challenge');
    expect(await screen.findByRole('checkbox', { name: REMINDERS_LABEL })).toBeChecked();
  });

  it("puts the box back and shows the server's refusal", async () => {
    signIn();
    const { state } = savedPlanWithReminders(false);
    server.use(http.put('/api/user/ten-day-challenge/reminders', ({ response }) => response.untyped(fail(400, 'Please create a plan first.'))));
    const { user } = renderApp('/ten-day-challenge');
    const box = await screen.findByRole('checkbox', { name: REMINDERS_LABEL });
    await user.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please create a plan first.');
    expect(screen.getByRole('checkbox', { name: REMINDERS_LABEL })).not.toBeChecked();
    expect(screen.queryByText(REMINDERS_ON_MESSAGE)).not.toBeInTheDocument();
    expect(state.reminders).toBe(false);
  });
});
