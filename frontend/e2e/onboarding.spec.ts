import { expect, test } from './fixtures';
import { fillSignup, newUser } from './helpers';

/**
 * Issue 16 §3 against the real server and the seeded goals, categories and books: a visitor goes
 * through the six steps of /get-started (two goals at most, a category, five covers, the
 * personalizing counter), sees their plan on /secret, signs up there with a fresh e-mail and lands
 * on /ten-day-challenge with the plan saved; the category became their recommendations.
 */
test('a visitor goes through /get-started to /secret, signs up and finds the plan saved', async ({ page }) => {
  test.setTimeout(120_000);
  const member = newUser({ firstName: 'Otto' });
  const progress = page.getByRole('progressbar', { name: 'Your progress' });
  const next = page.getByRole('button', { name: 'Continue', exact: true });

  await page.goto('/get-started');

  // 1: one or two goals.
  await expect(page.getByRole('heading', { level: 1, name: 'What do you want to get out of reading?' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  const goals = page.getByRole('group', { name: 'Your goals' });
  await expect(goals.getByRole('checkbox').first()).toBeVisible();
  await next.click();
  await expect(page.getByRole('alert')).toContainText('Please pick one or two goals.');
  await goals.getByRole('checkbox', { name: 'Build better habits' }).check();
  await goals.getByRole('checkbox', { name: 'Find calm under pressure' }).check();
  await goals.getByRole('checkbox', { name: 'Grow your wealth' }).click();
  await expect(page.getByRole('alert')).toContainText('You can only pick two goals.');
  await expect(goals.getByRole('checkbox', { name: 'Grow your wealth' })).not.toBeChecked();
  await next.click();

  // 2: at least one category.
  await expect(page.getByRole('heading', { level: 1, name: 'Which subjects interest you?' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '33');
  await next.click();
  await expect(page.getByRole('alert')).toContainText('Please pick at least one category.');
  await page.getByRole('checkbox', { name: 'Philosophy', exact: true }).check();
  await next.click();

  // 3: what members get; a reload keeps the step and the choices, Back shows them.
  await expect(page.getByRole('heading', { level: 1, name: 'What you get with Gistbook' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'What you get with Gistbook' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('checkbox', { name: 'Philosophy', exact: true })).toBeChecked();
  await next.click();
  await expect(page.getByRole('heading', { level: 1, name: 'What you get with Gistbook' })).toBeVisible();
  await next.click();

  // 4: welcome.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Gistbook' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '67');
  await next.click();

  // 5: five covers, one at a time; either thumb moves on.
  await expect(page.getByRole('heading', { level: 1, name: 'Would you read these?' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '83');
  for (let book = 1; book <= 5; book += 1) {
    await expect(page.getByText(`Book ${book} of 5`, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Cover of / })).toBeVisible();
    await page.getByRole('button', { name: book % 2 === 0 ? 'Thumbs down' : 'Thumbs up' }).click();
  }

  // 6: the counter, then /secret.
  await expect(page.getByRole('heading', { level: 1, name: 'Personalizing your plan…' })).toBeVisible();
  await expect(page).toHaveURL(/\/secret$/, { timeout: 15_000 });

  // The plan: ten days for the two goals, then sign-up.
  await expect(page.getByRole('heading', { level: 1, name: 'Your personal reading plan' })).toBeVisible();
  const days = page.getByRole('list', { name: 'Your books, one a day' }).getByRole('listitem');
  await expect(days).toHaveCount(10);
  await expect(days.first()).toContainText('Day 1');
  await expect(days.first().getByRole('link', { name: /Start Reading/ })).toHaveAttribute('href', /^\/books\/[\w-]+$/);
  const chosen = page.getByRole('list', { name: 'Your goals' }).getByRole('listitem');
  await expect(chosen).toHaveText(['Build better habits', 'Find calm under pressure']);
  await fillSignup(page, member);

  // Signed up: the plan is the member's ten-day plan, saved.
  await expect(page).toHaveURL(/\/ten-day-challenge$/);
  await expect(page.getByText('Your plan is saved.')).toBeVisible();
  await expect(days).toHaveCount(10);
  await expect(page.getByRole('list', { name: 'Your goals' }).getByRole('listitem')).toHaveText(['Build better habits', 'Find calm under pressure']);
  await expect(page.getByRole('button', { name: 'Save Your Reading Plan' })).toHaveCount(0);

  // The category became the member's recommendations.
  await page.goto('/choose-categories/edit');
  await expect(page.getByRole('checkbox', { name: 'Philosophy', exact: true })).toBeChecked();

  // The choices were dropped: /secret now leads to /get-started.
  await page.goto('/secret');
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/get-started');
});
