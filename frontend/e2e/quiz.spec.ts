import { expect, test, type Page } from './fixtures';

/**
 * Issue 16 §2 against the real server: a visitor takes both quizzes, one question at a time, and
 * sees the free view of each result, with the full report offered after logging in or signing up.
 * The answers are True only for one type's questions (read from the quiz itself), so the top result
 * is known whatever the seeded questions say.
 */

interface Definition {
  questions: { text: string; type: string }[];
  types: { name: string; questions: number }[];
}

async function definitionOf(page: Page, quiz: string): Promise<Definition> {
  const response = await page.request.get(`/api/quizzes/${quiz}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { result: Definition }).result;
}

/** Answers every question, True for those of `type`, and ends on the completion card. */
async function takeQuiz(page: Page, path: string, definition: Definition, type: string): Promise<void> {
  await page.goto(path);
  const total = definition.questions.length;
  for (const [index, question] of definition.questions.entries()) {
    await expect(page.getByText(`Question ${index + 1} of ${total}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: question.text })).toBeVisible();
    await page.getByRole('button', { name: question.type === type ? 'True' : 'False', exact: true }).click();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'You have finished the quiz' })).toBeFocused();
}

test('a visitor takes both quizzes and sees the results', async ({ page }) => {
  test.setTimeout(120_000);

  // The intelligence quiz: 18 questions over nine types; True only for the Musical ones.
  await page.goto('/');
  const intelligence = await definitionOf(page, 'quiz');
  expect(intelligence.questions).toHaveLength(18);
  expect(intelligence.types).toHaveLength(9);
  await takeQuiz(page, '/quiz', intelligence, 'Musical');
  const stored = await page.evaluate(() => window.sessionStorage.getItem('quiz-results:quiz'));
  expect(JSON.parse(stored ?? '{}')).toEqual(Object.fromEntries(intelligence.types.map((type) => [type.name, type.name === 'Musical' ? type.questions : 0])));
  await page.getByRole('link', { name: 'See your results' }).click();
  await expect(page).toHaveURL(/\/quiz-results$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Your strongest intelligence' })).toBeVisible();
  const top = page.getByTestId('quiz-top');
  await expect(top).toHaveCount(1);
  await expect(top.getByRole('heading', { level: 3 })).toHaveText('Musical');
  await expect(top).toContainText('Score: 100%');
  const upsell = page.getByRole('region', { name: 'Unlock your full report' });
  await expect(upsell.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fquiz-results');

  // The personality quiz: 15 questions over four colours; True only for the Blue ones.
  const personality = await definitionOf(page, 'personality-quiz');
  expect(personality.questions).toHaveLength(15);
  expect(personality.types.map((type) => type.name)).toEqual(['Red', 'Yellow', 'Green', 'Blue']);
  await takeQuiz(page, '/personality-quiz', personality, 'Blue');
  await page.getByRole('link', { name: 'See your results' }).click();
  await expect(page).toHaveURL(/\/personality-quiz-results$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Your colour' })).toBeVisible();
  await expect(page.getByTestId('quiz-top').getByRole('heading', { level: 3 })).toHaveText('Blue');
  await expect(page.getByRole('region', { name: 'Unlock your full report' }).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    '/signup?redirect=%2Fpersonality-quiz-results',
  );

  // Both results stay for the tab's session.
  await page.goto('/quiz-results');
  await expect(page.getByTestId('quiz-top').getByRole('heading', { level: 3 })).toHaveText('Musical');
});
