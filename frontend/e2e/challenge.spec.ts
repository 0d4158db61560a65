import { expect, test } from './fixtures';
import { fillLogin, newUser, registerViaApi, waitForMail } from './helpers';

/**
 * Issue 16 §1 against the real server and the seeded goals: a visitor builds a ten-day plan (at
 * most two goals), gets it by e-mail, saves it, logs in on the way and comes back to the plan
 * saved; the saved plan is there on the next visit, and its daily reminder mails stay on once turned on.
 */
test('a visitor makes a ten-day plan, logs in to save it and finds it saved', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const member = newUser();
  // The account exists, made elsewhere: this browser stays signed out until the login form.
  const elsewhere = await browser.newContext();
  await registerViaApi(await elsewhere.newPage(), member);
  await elsewhere.close();

  await page.goto('/ten-day-challenge');
  await expect(page.getByRole('link', { name: /Log in to continue/ })).toHaveAttribute('href', '/login?redirect=%2Ften-day-challenge');
  await page.getByRole('button', { name: 'Start the Challenge' }).click();

  const goals = page.getByRole('group', { name: /Your goals/ }).getByRole('checkbox');
  await expect(goals.first()).toBeVisible();
  await goals.nth(0).check();
  await goals.nth(1).check();
  await goals.nth(2).click();
  await expect(page.getByRole('alert')).toContainText('You can only pick two goals.');
  await expect(goals.nth(2)).not.toBeChecked();

  await page.getByLabel('Your email').fill(member.email);
  await page.getByRole('button', { name: 'Create My Plan' }).click();
  const days = page.getByRole('list', { name: 'Your books, one a day' }).getByRole('listitem');
  await expect(days).toHaveCount(10);
  await expect(days.first()).toContainText('Day 1');
  await expect(days.first().getByRole('link', { name: /Start Reading/ })).toHaveAttribute('href', /^\/books\/[\w-]+$/);
  await waitForMail(member.email, /Your ten-day reading plan/);

  await page.getByRole('button', { name: 'Save Your Reading Plan' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Ften-day-challenge$/);
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/ten-day-challenge$/);
  await expect(page.getByText('Your plan is saved.')).toBeVisible();
  await expect(days).toHaveCount(10);

  await page.reload();
  await expect(page.getByText('Your plan is saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Your Reading Plan' })).toHaveCount(0);

  // The daily reminder mails: off until turned on, and kept on.
  const reminders = page.getByRole('checkbox', { name: "E-mail me each morning at 8:00 with the day's book" });
  await expect(reminders).not.toBeChecked();
  await reminders.click();
  await expect(reminders).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Reminders are on.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: "E-mail me each morning at 8:00 with the day's book" })).toBeChecked();
});
