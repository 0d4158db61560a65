import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { logInViaApi } from './helpers';

/**
 * Highlights against the seeded catalogue (`cargo xtask seed`): the seeded paid member
 * (premium@gistbook.app) marks words of `walden` (not free) in the reader, notes them, finds them
 * on /highlights and in the Readwise CSV. Each worker has its own database; a retry may find an
 * earlier run's highlight, so the checks look for the quote rather than count marks.
 */
test('a paid member highlights words in the reader, notes them, lists them and exports them', async ({ page }) => {
  await logInViaApi(page, 'premium@gistbook.app', 'gistbook-premium');
  await page.goto('/books/walden');
  await expect(page.getByRole('heading', { level: 1, name: 'Walden' })).toBeVisible();
  const paragraph = page.locator('.reader__body > p').first();
  await expect(paragraph).toBeVisible();

  // Select the paragraph's first few words, as Shift+arrows or a drag would.
  const quote = await paragraph.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode() as Text;
    const words = text.data.match(/^\s*\S+(\s+\S+){0,2}/)?.[0] ?? text.data;
    const start = words.length - words.trimStart().length;
    const range = document.createRange();
    range.setStart(text, start);
    range.setEnd(text, words.length);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return words.trim();
  });
  expect(quote.length).toBeGreaterThan(0);

  // The keyboard shortcut opens the toolbar.
  await page.keyboard.press('h');
  const toolbar = page.getByRole('toolbar', { name: 'Highlight' });
  await expect(toolbar).toBeVisible();
  const marked = page.waitForResponse((r) => r.url().endsWith('/api/user/highlights') && r.request().method() === 'POST');
  await toolbar.getByRole('button', { name: 'Highlight green' }).click();
  expect((await marked).ok()).toBe(true);
  await expect(page.getByText('Highlighted', { exact: true })).toBeAttached();

  // After a reload the mark is drawn from the server's answer.
  await page.reload();
  const mark = page.locator('.reader__body mark.highlight--green', { hasText: quote.split(/\s+/)[0] }).first();
  await expect(mark).toBeVisible();

  // Add a note through the mark's editor.
  const note = `Worth remembering ${Date.now()}`;
  await mark.click();
  const editor = page.getByRole('group', { name: 'Edit highlight' });
  await expect(editor).toBeVisible();
  await editor.getByRole('textbox', { name: 'Note' }).fill(note);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);

  // /highlights lists the quote and the note.
  await page.goto('/highlights');
  await expect(page.getByRole('heading', { level: 1, name: 'My Highlights' })).toBeVisible();
  const item = page.locator('li', { hasText: note });
  await expect(item).toBeVisible();
  await expect(item).toContainText(quote);
  await expect(item.getByRole('link', { name: 'Walden' })).toHaveAttribute('href', /^\/books\//);

  // The Readwise CSV comes down with the member's token.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export for Readwise (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Highlight,Title,Author,URL,Note,Location,Date');
  expect(csv).toContain(quote);
});
