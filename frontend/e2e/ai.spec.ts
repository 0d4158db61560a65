import { expect, test, type Page } from './fixtures';
import { expectNoViolations, newUser, signInViaApi } from './helpers';

/**
 * Issue 16 §4 against the real server: a new member is sent to /pricing from /ai, pays for the
 * lifetime plan (the local Stripe stand-in), uploads a small PDF made here, follows the job to done,
 * and reads the result in the reader's look, paging to the second section. A new member each run,
 * so the daily limit and "My summaries" start empty every time.
 */

const CARD_OK = '4242 4242 4242 4242';

async function fillCard(page: Page): Promise<void> {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').fill(CARD_OK);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
}

/** Paragraphs of plain sentences, one sentence a line, on distinct themes (a few key ideas to find). */
const TEXT = [
  [
    'Habits are the small decisions we repeat every day without thinking.',
    'A habit starts with a cue that tells the brain to act.',
    'The routine that follows the cue can be physical, mental or emotional.',
    'A reward at the end teaches the brain that the loop is worth remembering.',
  ],
  [
    'Sleep is the foundation on which memory and learning are built.',
    'During deep sleep the brain replays and stores what happened during the day.',
    'People who sleep less than six hours remember far less of what they studied.',
    'A regular bedtime helps the body prepare for sleep before the lights go out.',
  ],
  [
    'Money grows when savings are invested early and left alone for many years.',
    'Compound interest pays interest on the interest already earned.',
    'Small fees charged every year take a large share of the final sum.',
    'An index fund spreads savings over many companies at a low cost.',
  ],
  [
    'Good teams share information openly and admit mistakes quickly.',
    'Trust between colleagues makes it safe to ask questions and to disagree.',
    'Clear goals help every member of a team decide what to do next.',
    'Teams that review their work each week improve faster than teams that do not.',
  ],
];

/** `(`, `)` and `\` escaped for a PDF literal string. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/**
 * A minimal valid one-page PDF (PDF 1.4, the standard Helvetica font) whose text is `paragraphs`,
 * one line a sentence with a blank line between paragraphs, with a correct cross-reference table.
 */
function makePdf(paragraphs: string[][]): Buffer {
  const lines = paragraphs.flatMap((sentences, i) => (i === 0 ? sentences : ['', ...sentences]));
  const content = ['BT', '/F1 11 Tf', '14 TL', '72 740 Td', ...lines.map((line, i) => `${i === 0 ? '' : 'T* '}${pdfString(line)} Tj`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

test('a paid member summarises an uploaded PDF and reads it in the reader', async ({ page }) => {
  test.setTimeout(180_000);
  await signInViaApi(page, newUser());
  // Not paid yet: the summariser is for Premium members.
  await page.goto('/ai');
  await expect(page).toHaveURL(/\/pricing$/);

  await page.goto('/payment/lifetime');
  await fillCard(page);
  await page.getByRole('button', { name: 'Pay $149.99' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();

  await page.goto('/ai');
  await expect(page.getByRole('heading', { level: 1, name: 'AI summariser' })).toBeVisible();
  await expect(page.getByText(/No summaries yet/)).toBeVisible();
  await expectNoViolations(page, '/ai');

  const link = page.getByLabel('Link', { exact: true });
  const file = page.getByLabel('File', { exact: true });
  await page.getByRole('button', { name: 'Summarize' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select a file or url' })).toBeVisible();

  await file.setInputFiles({ name: 'four-ideas.pdf', mimeType: 'application/pdf', buffer: makePdf(TEXT) });
  await expect(link).toBeDisabled();
  await expect(page.getByText('four-ideas.pdf', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Summarize' }).click();

  const progress = page.getByRole('list', { name: 'Progress' });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('listitem')).toHaveText([/Queued/, /Extracting the text/, /Summarising/, /Done/]);
  const read = page.getByRole('link', { name: 'Read the summary' });
  await expect(read).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Done: your summary is ready.')).toBeVisible();
  await expect(link).toBeEnabled();

  // Kept under "My summaries", finished.
  const mine = page.getByRole('list', { name: 'My summaries' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('four-ideas.pdf');
  await expect(mine.first()).toContainText('Done');
  await expectNoViolations(page, '/ai with a finished job');

  await read.click();
  await expect(page).toHaveURL(/\/ai\/summaries\/\d+$/);
  // The section on show (its own HTML may hold headings too).
  const sectionTitle = page.locator('.ai-reader__section-title');
  await expect(sectionTitle).toBeVisible();
  // The reader's "index/total".
  const counter = page.locator('.ai-reader__position [aria-hidden="true"]');
  await expect(counter).toHaveText(/^1\/\d+$/);
  const total = Number(((await counter.textContent()) ?? '').split('/')[1]);
  expect(total).toBeGreaterThanOrEqual(2);
  const firstTitle = (await sectionTitle.textContent()) ?? '';
  await expect(page.locator('.ai-reader__body')).toContainText(/\w+/);
  await expectNoViolations(page, '/ai/summaries/:id');

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /Next/ }).click();
  await expect(counter).toHaveText(`2/${total}`);
  await expect(sectionTitle).not.toHaveText(firstTitle);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`1/${total}`);
  await expect(sectionTitle).toHaveText(firstTitle);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`2/${total}`);
  await expect(page.getByRole('progressbar', { name: 'Reading progress' })).toHaveAttribute('aria-valuetext', `Section 2 of ${total}`);
});
