import { expect, test } from './fixtures';
import crypto from 'node:crypto';
import { signInAsAdmin } from './admin-helpers';
import { expectNoViolations, uniqueEmail, waitForMail } from './helpers';

/**
 * Issue 15 §3 against the real server: a visitor sends the contact form (the mail reaches the
 * outbox), a book suggestion and feedback; the admin reads all three on /admin/messages and marks
 * one read. Every form uses its own e-mail address.
 */
test('a visitor writes to the team through contact, suggest and feedback; the admin reads the messages and marks one read', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = crypto.randomBytes(5).toString('hex');
  const contact = { name: 'Vera Visitor', email: uniqueEmail(), body: `Where is my receipt? ${tag}` };
  const suggestion = { name: 'Sam Suggester', email: uniqueEmail(), body: `Sapiens by Yuval Noah Harari ${tag}` };
  const feedback = { email: uniqueEmail(), body: `The audio narration is lovely ${tag}` };

  // Contact: the message is required; then 'Message Sent!' with the way home.
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(contact.name);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(contact.email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Please complete the form\./);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expectNoViolations(page, '/contact');
  await page.getByRole('textbox', { name: 'Message' }).fill(contact.body);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  // The message went to support through the outbox, saying whom to answer.
  const mail = await waitForMail(tag, new RegExp(`Where is my receipt\\? ${tag}`));
  expect(mail.input ?? '').toContain(contact.email);

  // A book suggestion.
  await page.goto('/suggest');
  await expect(page.getByRole('heading', { level: 1, name: 'Suggest a Book' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(suggestion.name);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(suggestion.email);
  await page.getByRole('textbox', { name: 'Which book should we summarise?' }).fill(suggestion.body);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for the message!' })).toBeVisible();

  // Feedback: both fields are required.
  await page.goto('/feedback-form');
  await expect(page.getByRole('heading', { level: 1, name: 'What do you think?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Please input the required fields\./);
  await page.getByRole('textbox', { name: 'Your feedback' }).fill(feedback.body);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(feedback.email);
  await page.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Your feedback was submitted.' })).toBeVisible();

  // The admin sees all three, newest first, unread.
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Messages', exact: true }).click();
    await expect(admin).toHaveURL(/\/admin\/messages$/);
    await expect(admin.getByRole('heading', { level: 1, name: /^Messages \d+ unread$/ })).toBeVisible();

    const table = admin.getByRole('table');
    const contactRow = table.getByRole('row').filter({ hasText: contact.body });
    const suggestionRow = table.getByRole('row').filter({ hasText: suggestion.body });
    const feedbackRow = table.getByRole('row').filter({ hasText: feedback.body });
    await expect(contactRow).toHaveCount(1);
    await expect(contactRow).toContainText('Contact');
    await expect(contactRow).toContainText(contact.name);
    await expect(contactRow).toContainText(contact.email);
    await expect(contactRow).toContainText('Unread');
    await expect(suggestionRow).toContainText('Book suggestion');
    await expect(suggestionRow).toContainText(suggestion.email);
    await expect(feedbackRow).toContainText('Feedback');
    await expect(feedbackRow).toContainText(feedback.email);
    await expectNoViolations(admin, '/admin/messages');

    // The whole message opens in its row.
    await contactRow.locator('summary').click();
    await expect(contactRow.locator('.messages-body__text')).toBeVisible();

    // Mark the contact message read: the row says so and the unread count drops by one.
    const unreadBefore = Number(/(\d+) unread/.exec((await admin.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[1]);
    await contactRow.getByRole('button', { name: /^Mark as read/ }).click();
    await expect(contactRow.getByRole('button', { name: /^Mark as unread/ })).toBeVisible();
    await expect(contactRow).toContainText('Read');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Messages ${unreadBefore - 1} unread$`));

    // Only the unread: the suggestion and the feedback, not the message just read.
    await admin.getByRole('group', { name: 'Show messages' }).getByRole('button', { name: 'Unread' }).click();
    await expect(admin).toHaveURL(/filter=unread/);
    await expect(table.getByRole('row').filter({ hasText: suggestion.body })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: feedback.body })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: contact.body })).toHaveCount(0);

    // It stays read after a reload.
    await admin.reload();
    await admin.getByRole('group', { name: 'Show messages' }).getByRole('button', { name: 'All' }).click();
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: contact.body })
        .getByRole('button', { name: /^Mark as unread/ }),
    ).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
