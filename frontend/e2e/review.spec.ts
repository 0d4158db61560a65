import { expect, test } from './fixtures';
import { expectNoViolations, newPaidMemberToken, newUser, storeToken } from './helpers';

/**
 * The daily review against the seeded catalogue: a new member (made paid here, so that `walden`,
 * not free, may be read) finishes `walden` through the API, which gives a card per key idea, and
 * reviews three of them with the keyboard only. The member is new to this test, so the count it
 * reads is its own whichever worker runs it.
 */
test('a new member reviews three key ideas of a finished book with the keyboard, and the count stays down after a reload', async ({ page }) => {
  const user = newUser();
  const token = await newPaidMemberToken(page, user);
  const member = { Authorization: `Bearer ${token}` };

  const finished = await page.request.put('/api/user-book-history/', { headers: member, data: { bookId: 'walden', position: 0, completed: true } });
  expect(finished.ok(), await finished.text()).toBeTruthy();
  const queued = await page.request.get('/api/user/review', { headers: member });
  expect(queued.ok(), await queued.text()).toBeTruthy();
  const total = ((await queued.json()) as { result: { toReview: number } }).result.toReview;
  expect(total, "walden's key ideas, new today (one more than the three reviewed)").toBeGreaterThanOrEqual(4);

  await storeToken(page, token);
  await page.goto('/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Review' })).toBeVisible();
  const left = page.locator('.review__left');
  await expect(left).toHaveText(`${total} left today`);
  const answer = page.getByRole('region', { name: 'Answer' });

  for (let done = 1; done <= 3; done += 1) {
    const front = page.locator('.review-card__front');
    await expect(front).toBeVisible();
    await expect(answer).toHaveCount(0);
    await page.keyboard.press('Space');
    await expect(answer).toBeVisible();
    await expect(page.getByRole('button', { name: /^Good, back in \d+ (day|days|month|months)$/ })).toBeVisible();
    if (done === 1) {
      await expectNoViolations(page, '/review with an answer shown');
    }

    const rated = page.waitForResponse((r) => /\/api\/user\/review\/\d+$/.test(r.url()) && r.request().method() === 'POST');
    await page.keyboard.press('3');
    const response = await rated;
    expect(response.ok(), await response.text()).toBe(true);
    expect(response.request().postDataJSON()).toEqual({ rating: 3, reps: 0 });
    expect(((await response.json()) as { result: { counted: boolean } }).result.counted).toBe(true);
    await expect(left).toHaveText(`${total - done} left today`);
    await expect(page.getByText('+1 XP')).toBeVisible();
  }

  // The server kept the ratings: a fresh page starts from the lower count (here at a phone's width).
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Review' })).toBeVisible();
  await expect(left).toHaveText(`${total - 3} left today`);
  await expect(page.locator('.review-card__front')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Easy, back in / })).toBeVisible();
  // The card and its four buttons fit: nothing scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const summary = await page.request.get('/api/user/review/summary', { headers: member });
  expect(((await summary.json()) as { result: { toReview: number } }).result.toReview).toBe(total - 3);
});
