import { expect, test, type Page } from './fixtures';
import { expectNoViolations, readerPosition, signInAsNewMember } from './helpers';

/**
 * Reading progress, completion, rating, XP, the library and resuming (docs/progress.md), against
 * the seeded catalogue (`cargo xtask seed`): `the-way-to-wealth` is a free book (every member
 * reads it in full), in "Money & Wealth" and "Self-Improvement", with seven sections.
 */

const BOOK = '/books/the-way-to-wealth';
const TITLE = 'The Way to Wealth';

/** Press an arrow key on the page and wait for the position save it sends. */
async function pressAndSave(page: Page, key: 'ArrowLeft' | 'ArrowRight'): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user-book-history/') && r.request().method() === 'PUT');
  await page.keyboard.press(key);
  expect((await saved).ok()).toBeTruthy();
}

/** A figure of /my-progress ("Books completed", "XP", ...): the <dd> after its <dt>. */
function figure(page: Page, term: string) {
  return page
    .locator('.progress-figures > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');
}

test('a new member finishes a book, rates it, earns XP, uses the library and resumes where they left off', async ({ page }) => {
  // Reading a whole book section by section: 84 s of the default 90 s on two loaded cores.
  test.setTimeout(180_000);
  await signInAsNewMember(page);

  // ---- read to the end with the arrow keys ------------------------------------------------
  await page.goto(BOOK);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  const { index, total } = await readerPosition(page);
  expect(index).toBe(1);
  // Seven sections and, not rated yet, the rating form as the last one.
  expect(total).toBe(8);

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 2; i <= total; i += 1) {
    await pressAndSave(page, 'ArrowRight');
    await expect(page.locator('.reader-bar__position')).toHaveText(`${i}/${total}`);
  }

  // ---- the completion modal ---------------------------------------------------------------
  const modal = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(`You finished ${TITLE}.`);
  await expect(modal.getByText('+10 XP')).toBeVisible();
  await expect(modal.getByRole('link', { name: 'See your progress' })).toHaveAttribute('href', '/my-progress');
  await expect(modal.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoViolations(page, `${BOOK} with the completion modal open`);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // ---- the rating form --------------------------------------------------------------------
  await expect(page.getByRole('heading', { level: 2, name: 'Rate this summary' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  await submit.click();
  await expect(page.getByRole('alert')).toContainText('Please select a rating before submitting!');
  await page.getByRole('radio', { name: '3 stars' }).check();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  // The arrow moved the stars, not the reader.
  await expect(page.locator('.reader-bar__position')).toHaveText(`${total}/${total}`);
  const feedback = page.getByLabel('Your feedback (optional)');
  await expect(feedback).toHaveAttribute('maxlength', '500');
  await feedback.fill('Short, clear and practical.');
  await expect(feedback).toHaveAccessibleDescription('27/500 characters');
  await expectNoViolations(page, `${BOOK} rating form`);
  await submit.click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(page.getByRole('form', { name: `Rate ${TITLE}` })).toHaveCount(0);

  // ---- my progress ------------------------------------------------------------------------
  await page.goto('/my-progress');
  await expect(page.getByRole('heading', { level: 1, name: 'My Progress' })).toBeVisible();
  await expect(figure(page, 'Books completed')).toHaveText('1');
  await expect(figure(page, 'XP')).toHaveText('10');
  await expect(figure(page, 'Current streak')).toHaveText('1 day');
  const level = page.getByRole('progressbar', { name: 'Progress to Starter' });
  await expect(level).toHaveAttribute('aria-valuenow', '20');
  await expect(page.getByText('40 XP to Starter')).toBeVisible();
  const achievements = page.getByRole('region', { name: 'Achievements' });
  await expect(achievements.getByRole('listitem')).toHaveCount(5);
  await expect(achievements.getByRole('listitem').first()).toContainText('Not yet');
  const skills = page.getByRole('region', { name: 'Skills acquired' });
  await expect(skills.getByRole('listitem').filter({ hasText: 'Money & Wealth' })).toContainText('1 of 10');
  // A new member has not paid: the upgrade card.
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/try');
  await expectNoViolations(page, '/my-progress');

  // ---- the home page: a finished book has nothing left to pick up ------------------------
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /New Releases/i })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pick up where you left off' }).getByRole('link', { name: TITLE })).toHaveCount(0);

  // ---- the library ------------------------------------------------------------------------
  await page.goto(BOOK);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // Rated now: no rating section any more.
  await expect(page.locator('.reader-bar__position')).toHaveText(/\/7$/);
  await expect(page.getByText('You finished this summary')).toBeVisible();
  await page.getByRole('button', { name: 'Add to library' }).click();
  const remove = page.getByRole('button', { name: 'Remove from library' });
  await expect(remove).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  const library = page.getByRole('list', { name: 'Your Library' });
  await expect(library.getByRole('link', { name: TITLE })).toHaveAttribute('href', BOOK);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expectNoViolations(page, '/library');

  await library.getByRole('link', { name: TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`${BOOK}$`));
  await page.getByRole('button', { name: 'Remove from library' }).click();
  await expect(page.getByRole('button', { name: 'Add to library' })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/library');
  await expect(page.getByText('Your library is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse book summaries' })).toHaveAttribute('href', '/books');

  // ---- resume where the member left off ---------------------------------------------------
  await page.goto(BOOK);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // The last save was the final section (the rating form's index is clamped to the book's last).
  await expect(page.locator('.reader-bar__position')).toHaveText('7/7');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await pressAndSave(page, 'ArrowLeft');
  await pressAndSave(page, 'ArrowLeft');
  await expect(page.locator('.reader-bar__position')).toHaveText('5/7');
  await page.goto('/home');
  await page.goto(BOOK);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.locator('.reader-bar__position')).toHaveText('5/7');
  await expect(page.getByRole('progressbar', { name: 'Reading progress' })).toHaveAttribute('aria-valuenow', '5');
  // Not a new completion: no modal on reopening.
  await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toHaveCount(0);
});

test('a visitor is asked to log in for the library, and the member pages send visitors to sign up', async ({ page }) => {
  await page.goto(BOOK);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Add to library' }).click();
  await expect(page.getByRole('alert')).toContainText('Please login to access this feature');
  await expect(page.getByRole('heading', { name: 'Rate this summary' })).toHaveCount(0);

  await page.goto('/my-progress');
  await expect(page).toHaveURL(/\/signup\?redirect=%2Fmy-progress$/);
  await page.goto('/library');
  await expect(page).toHaveURL(/\/signup\?redirect=%2Flibrary$/);
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('/my-progress and /library fit a 375 px window', async ({ page }) => {
    await signInAsNewMember(page);
    for (const [path, heading] of [
      ['/my-progress', 'My Progress'],
      ['/library', 'Your Library'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await expectNoViolations(page, `${path} at 375px`);
    }
    await expect(page.getByText('Your library is empty.')).toBeVisible();
  });
});
