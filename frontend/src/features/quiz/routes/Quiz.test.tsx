import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, http, ok } from '@/testing/handlers';
import { makeQuizDefinition } from '@/testing/quiz-data';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { countAnswers } from '../scoring';
import type { QuizAnswers } from '../api/types';

/** Records the totals POSTed for each quiz (and whether a bearer went along). */
function recordSubmissions() {
  const sent: { quiz: string; body: QuizAnswers; signedIn: boolean }[] = [];
  server.use(
    http.post('/api/quiz-results/{quiz}', async ({ request, params }) => {
      const body = await request.json();
      const signedIn = request.headers.has('Authorization');
      sent.push({ quiz: String(params.quiz), body, signedIn });
      return ok({ quiz: String(params.quiz), counts: body.counts, top: [], saved: signedIn, fullReport: false, reportPlanId: 'quiz-results' });
    }),
  );
  return sent;
}

/** Asks for reduced motion: questions change at once. */
function reduceMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function questionHeading() {
  return within(screen.getByTestId('quiz-question')).getByRole('heading', { level: 2 });
}

describe('the intelligence quiz (/quiz)', () => {
  it('asks the 18 questions one at a time, True counting for the type, and ends on the completion card with the totals kept', async () => {
    const sent = recordSubmissions();
    const definition = makeQuizDefinition('quiz');
    // True for the Linguistic and Musical questions and for the first Spatial one.
    const answers = definition.questions.map((question, index) => question.type === 'Linguistic' || question.type === 'Musical' || index === 2);
    const { user } = renderApp('/quiz');

    expect(await screen.findByRole('heading', { level: 1, name: 'Intelligence Quiz' })).toBeInTheDocument();
    // The title is set in an effect, which may run after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('Intelligence Quiz · Gistbook'));
    expect(await screen.findByText('Question 1 of 18')).toBeInTheDocument();
    const first = questionHeading();
    expect(first).toHaveTextContent('Statement 1 about Linguistic.');
    // Not focused on the page's first view.
    expect(first).not.toHaveFocus();
    expect(screen.getByRole('progressbar', { name: 'Quiz progress' })).toHaveAttribute('aria-valuetext', 'Question 1 of 18');
    const group = screen.getByRole('group', { name: 'Statement 1 about Linguistic.' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['True', 'False']);

    for (const [index, answer] of answers.entries()) {
      await screen.findByText(`Question ${index + 1} of 18`);
      const heading = questionHeading();
      expect(heading).toHaveTextContent(`Statement ${index + 1} about ${definition.questions[index]?.type}.`);
      // Each new question takes the focus, for screen readers and the keyboard.
      if (index > 0) await waitFor(() => expect(heading).toHaveFocus());
      await user.click(screen.getByRole('button', { name: answer ? 'True' : 'False' }));
      // The 200 ms transition: the answered question is still there, fading out, and a second click counts for nothing.
      if (index === 0) {
        expect(screen.getByText('Question 1 of 18')).toBeInTheDocument();
        expect(questionHeading().parentElement).toHaveClass('quiz-question__body--leaving');
        await user.click(screen.getByRole('button', { name: 'True' }));
      }
    }

    const done = await screen.findByRole('heading', { level: 2, name: 'You have finished the quiz' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.queryByTestId('quiz-question')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your results' })).toHaveAttribute('href', '/quiz-results');

    // Every type, zeros included.
    const expected = {
      Linguistic: 2,
      'Logical-Mathematical': 0,
      Spatial: 1,
      Musical: 2,
      'Bodily-Kinesthetic': 0,
      Interpersonal: 0,
      Intrapersonal: 0,
      Naturalistic: 0,
      Existential: 0,
    };
    expect(JSON.parse(window.sessionStorage.getItem('quiz-results:quiz') ?? 'null')).toEqual(expected);
    await waitFor(() => expect(sent).toEqual([{ quiz: 'quiz', body: { counts: expected }, signedIn: false }]));

    // Start again: question 1, focused.
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByText('Question 1 of 18')).toBeInTheDocument();
    await waitFor(() => expect(questionHeading()).toHaveFocus());
  });

  it("says a member's results are kept, and shows the reason when the server refuses them", async () => {
    reduceMotion();
    signIn();
    const sent = recordSubmissions();
    const { user } = renderApp('/quiz');
    await screen.findByText('Question 1 of 18');
    for (let index = 0; index < 18; index += 1) await user.click(screen.getByRole('button', { name: 'True' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'You have finished the quiz' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.signedIn).toBe(true);
    expect(await screen.findByText(/ready and kept on your account/)).toBeInTheDocument();

    server.use(http.post('/api/quiz-results/{quiz}', () => fail(400, 'These answers do not match the quiz.')));
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    for (let index = 0; index < 18; index += 1) await user.click(screen.getByRole('button', { name: 'False' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These answers do not match the quiz.');
    // Kept in the session all the same.
    expect(JSON.parse(window.sessionStorage.getItem('quiz-results:quiz') ?? 'null')).toEqual(countAnswers(makeQuizDefinition('quiz'), []));
    expect(screen.getByRole('link', { name: 'See your results' })).toHaveAttribute('href', '/quiz-results');
  });

  it('shows a load error with a way to try again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/quizzes/{quiz}', ({ params }) => {
        calls += 1;
        return calls <= 2 ? fail(503, 'The quiz is resting.') : ok(makeQuizDefinition(String(params.quiz) === 'quiz' ? 'quiz' : 'personality-quiz'));
      }),
    );
    const { user } = renderApp('/quiz');
    expect(await screen.findByRole('alert')).toHaveTextContent('The quiz is resting.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Question 1 of 18')).toBeInTheDocument();
  });
});

describe('the personality quiz (/personality-quiz)', () => {
  it('with reduced motion, moves on at once; 15 questions over four colours', async () => {
    reduceMotion();
    const sent = recordSubmissions();
    const { user } = renderApp('/personality-quiz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personality Quiz' })).toBeInTheDocument();
    await screen.findByText('Question 1 of 15');
    // Keyboard only: the True button, then Enter.
    await user.tab();
    while (document.activeElement?.textContent !== 'True') await user.tab();
    await user.keyboard('{Enter}');
    // No transition: the next question is there straight away.
    expect(screen.getByText('Question 2 of 15')).toBeInTheDocument();
    expect(questionHeading()).toHaveFocus();
    for (let index = 1; index < 15; index += 1) {
      const type = makeQuizDefinition('personality-quiz').questions[index]?.type;
      await user.click(screen.getByRole('button', { name: type === 'Blue' ? 'True' : 'False' }));
    }
    expect(await screen.findByRole('heading', { level: 2, name: 'You have finished the quiz' })).toBeInTheDocument();
    const expected = { Red: 1, Yellow: 0, Green: 0, Blue: 3 };
    expect(JSON.parse(window.sessionStorage.getItem('quiz-results:personality-quiz') ?? 'null')).toEqual(expected);
    await waitFor(() => expect(sent).toEqual([{ quiz: 'personality-quiz', body: { counts: expected }, signedIn: false }]));
    expect(screen.getByRole('link', { name: 'See your results' })).toHaveAttribute('href', '/personality-quiz-results');
  });
});

describe('scoring', () => {
  it('counts True for the type of the question, False for nothing, every type present', () => {
    const definition = {
      types: [
        { name: 'A', questions: 2, summary: '' },
        { name: 'B', questions: 1, summary: '' },
        { name: 'C', questions: 1, summary: '' },
      ],
      questions: [
        { text: '1', type: 'A' },
        { text: '2', type: 'B' },
        { text: '3', type: 'A' },
        { text: '4', type: 'C' },
      ],
    };
    expect(countAnswers(definition, [true, false, true, false])).toEqual({ A: 2, B: 0, C: 0 });
    expect(countAnswers(definition, [])).toEqual({ A: 0, B: 0, C: 0 });
    expect(Object.keys(countAnswers(definition, [false, true, false, true]))).toEqual(['A', 'B', 'C']);
  });
});
