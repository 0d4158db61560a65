import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './admin-helpers';
import { logInViaApi, runSql, storeToken } from './helpers';

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

/**
 * A copy of the seeded `walden` for one test alone (others read walden as seeded): every stored
 * column but the generated ones, under a new subid, with walden's categories. Its id.
 */
function copyOfWalden(subid: string): number {
  const columns = runSql(
    "SELECT string_agg(quote_ident(column_name), ',' ORDER BY ordinal_position) FROM information_schema.columns " +
      "WHERE table_name = 'all_books' AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'subid', 'title')",
  );
  // psql prints the returned id, then the command's tag.
  const inserted = runSql(
    `INSERT INTO all_books (subid, title, ${columns}) SELECT '${subid}', 'Walden, edited', ${columns} FROM all_books WHERE subid = 'walden' RETURNING id`,
  );
  const id = Number(inserted.split('\n')[0]);
  expect(Number.isInteger(id), inserted).toBe(true);
  runSql(
    `INSERT INTO book_categories (book_id, category_id) SELECT ${id}, category_id FROM book_categories WHERE book_id = (SELECT id FROM all_books WHERE subid = 'walden')`,
  );
  return id;
}

test("an operator's edit of the summary keeps a member's highlight in its place", async ({ page }) => {
  const subid = `walden-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const bookId = copyOfWalden(subid);

  // The member marks the first words of the summary (the reader's marking is the test above).
  const login = await page.request.post('/api/user/login', { data: { email: 'premium@gistbook.app', password: 'gistbook-premium' } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const memberToken = ((await login.json()) as { result: { token: string } }).result.token;
  const member = { Authorization: `Bearer ${memberToken}` };
  const marked = await page.request.post('/api/user/highlights', {
    headers: member,
    data: { bookId: subid, section: 0, startBlock: 'b0', startOffset: 0, endBlock: 'b0', endOffset: 24, colour: 'pink' },
  });
  expect(marked.ok(), await marked.text()).toBeTruthy();
  const quote = ((await marked.json()) as { result: { highlight: { quote: string } } }).result.highlight.quote;
  expect(quote.trim().length).toBeGreaterThan(0);

  // An operator puts a new paragraph before it through the back office's call.
  await signInAsAdmin(page);
  const adminToken = await page.evaluate(() => window.localStorage.getItem('token'));
  const admin = { Authorization: `Bearer ${adminToken}` };
  const shown = await page.request.get(`/api/admin/books/${bookId}`, { headers: admin });
  expect(shown.ok(), await shown.text()).toBeTruthy();
  const book = ((await shown.json()) as { result: { book: Record<string, unknown> } }).result.book;
  const edited = await page.request.put(`/api/admin/books/${bookId}`, {
    headers: admin,
    data: { ...book, body: `<p>An operator's new opening, added after the member read.</p>${String(book.body)}` },
  });
  expect(edited.ok(), await edited.text()).toBeTruthy();

  // The member finds the highlight where it was: drawn in the reader, not orphaned on /highlights.
  await storeToken(page, memberToken);
  await page.goto(`/books/${subid}`);
  await expect(page.getByText("An operator's new opening", { exact: false })).toBeVisible();
  const mark = page.locator('.reader__body mark.highlight--pink').first();
  await expect(mark).toBeVisible();
  expect(quote.startsWith((await mark.textContent()) ?? '')).toBe(true);
  await page.goto('/highlights');
  const item = page.locator('li', { hasText: quote.trim().slice(0, 16) });
  await expect(item.first()).toBeVisible();
  await expect(item.first()).not.toContainText(/no longer in the summary/i);

  // Markdown export, read back: the book's heading and the quote.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /Markdown/ }).click();
  const markdown = await readFile(await (await downloading).path(), 'utf8');
  expect(markdown).toContain('## Walden, edited');
  expect(markdown).toMatch(/^> /m);
  expect(markdown).toContain(quote.trim());
});
