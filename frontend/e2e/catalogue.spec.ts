import { expect, test, type Locator, type Page } from './fixtures';
import { expectNoViolations, fillSignup, logInViaApi, newUser, signInViaApi } from './helpers';

// Relies on the seeded catalogue (cargo xtask seed): Meditations, Walden, The Art of War,
// The Way to Wealth, On Liberty; categories Philosophy and Self-Improvement.

test('a new member picks categories and gets recommendations on /home', async ({ page }) => {
  const user = newUser({ firstName: 'Cleo' });
  await page.goto('/signup');
  await fillSignup(page, user);

  // Sign-up lands on /home, which sends a member without picks on to choose categories.
  await expect(page).toHaveURL(/\/choose-categories\/new$/);
  await expect(page.getByRole('heading', { name: 'Set Preferences', level: 1 })).toBeVisible();
  await expect(page.getByText('Please pick the categories that you are interested in, and we will recommend books for you to read.')).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');

  // Nothing picked: an alert, and the page stays.
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/Please pick a category\./);
  await expect(page).toHaveURL(/\/choose-categories\/new$/);

  await page.getByRole('checkbox', { name: 'Philosophy', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Self-Improvement', exact: true }).check();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back, Cleo!' })).toBeVisible();
  const recommended = page.getByRole('region', { name: 'Books Recommended For You' });
  await expect(recommended).toBeVisible();
  await expect(recommended.getByTestId('book-card').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'New Releases' }).getByTestId('book-card').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Explore Categories' }).getByRole('link', { name: 'Philosophy', exact: true })).toHaveAttribute(
    'href',
    '/books/?category=philosophy',
  );

  // The picks are kept: edit shows them checked, and /choose-categories/new goes back home.
  await page.goto('/choose-categories/edit');
  await expect(page.getByRole('checkbox', { name: 'Philosophy', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Self-Improvement', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Your preferences were successfully saved.')).toBeVisible();
  await page.goto('/choose-categories/new');
  await expect(page).toHaveURL(/\/home$/);
});

test('the header search finds Meditations despite a typo', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search books' });
  await box.fill('meditatons');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=meditatons$/);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: 'Meditations', exact: true })).toBeVisible();
  await results.getByRole('link', { name: 'Meditations', exact: true }).click();
  await expect(page).toHaveURL(/\/books\/meditations$/);
});

test('search explains an empty query inline and suggests browsing when nothing matches', async ({ page }) => {
  await page.goto('/search?q=%24%25');
  await expect(page.getByRole('alert')).toContainText('Please type a word to search for.');
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();

  await page.goto('/search?q=xylophonezebra');
  await expect(page.getByText('No books match “xylophonezebra”.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'browse all book summaries' })).toHaveAttribute('href', '/books');
});

test('book lists: Popular and Audio only change the address and the list', async ({ page }) => {
  await page.goto('/booklist/new/all');
  await expect(page.getByRole('heading', { name: 'Latest', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Latest' }).getByTestId('book-card').first()).toBeVisible();

  await page.getByRole('button', { name: 'Popular', exact: true }).click();
  await expect(page).toHaveURL(/\/booklist\/trending\/all$/);
  await expect(page.getByRole('button', { name: 'Popular', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The box follows the address (it is checked once the navigation lands), so it is clicked and
  // then awaited rather than `check()`ed, which expects the state to flip within the click.
  await page.getByRole('checkbox', { name: 'Audio only' }).click();
  await expect(page).toHaveURL(/\/booklist\/trending\/all\?audio=true$/);
  await expect(page.getByRole('checkbox', { name: 'Audio only' })).toBeChecked();
  const url = new URL(page.url());
  expect(url.pathname).toContain('/trending/');
  expect(url.searchParams.get('audio')).toBe('true');

  const cards = page.getByRole('list', { name: 'Popular' }).getByTestId('book-card');
  await expect(cards.first()).toBeVisible();
  await expect(async () => {
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await expect(cards.nth(i).getByRole('list', { name: 'Badges' })).toContainText('Audio', { timeout: 1000 });
    }
  }).toPass();

  // Switching back to Latest keeps the filter.
  await page.getByRole('button', { name: 'Latest', exact: true }).click();
  await expect(page).toHaveURL(/\/booklist\/new\/all\?audio=true$/);
  await expect(page.getByRole('checkbox', { name: 'Audio only' })).toBeChecked();
});

/** The card of the book titled `title` in a list on the page. */
function cardOf(page: Page, title: string): Locator {
  return page.getByTestId('book-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('a visitor sees "Free" on a free book and the lock on a premium one, on the cards and the book pages', async ({ page }) => {
  // The seeded The Way to Wealth is free; Meditations is not.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/search?q=wealth');
  const free = cardOf(page, 'The Way to Wealth');
  await expect(
    free
      .getByRole('list', { name: 'Badges' })
      .getByRole('listitem')
      .filter({ hasText: /^Free$/ }),
  ).toBeVisible();
  await expect(free.getByText('Premium', { exact: true })).toHaveCount(0);

  await page.goto('/search?q=meditations');
  const premium = cardOf(page, 'Meditations');
  const lock = premium
    .getByRole('list', { name: 'Badges' })
    .getByRole('listitem')
    .filter({ hasText: /^Premium$/ });
  await expect(lock).toBeVisible();
  // A padlock drawn beside the word (hidden from screen readers, which read "Premium").
  await expect(lock.locator('svg[aria-hidden="true"]')).toBeVisible();
  await expect(premium.getByText('Free', { exact: true })).toHaveCount(0);
  await expectNoViolations(page, '/search?q=meditations (the lock)');

  // The book pages say the same under the author.
  await page.goto('/books/meditations');
  const heading = page.locator('.book-heading');
  await expect(heading.getByRole('heading', { level: 1, name: 'Meditations' })).toBeVisible();
  await expect(heading.getByText('Premium', { exact: true })).toBeVisible();
  await page.goto('/books/the-way-to-wealth');
  await expect(heading.getByRole('heading', { level: 1, name: 'The Way to Wealth' })).toBeVisible();
  await expect(heading.getByText('Free', { exact: true })).toBeVisible();
  await expect(heading.getByText('Premium', { exact: true })).toHaveCount(0);
});

test('a free member still sees the lock; a member with Premium sees none', async ({ page }) => {
  await signInViaApi(page, newUser());
  const session = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/session' && response.ok());
  await page.goto('/search?q=meditations');
  // The member's session has answered (not paid): the lock stays.
  await session;
  await expect(cardOf(page, 'Meditations').getByRole('heading', { name: 'Meditations', exact: true })).toBeVisible();
  await expect(cardOf(page, 'Meditations').getByText('Premium', { exact: true })).toBeVisible();

  // The seeded Premium member (lifetime plan): nothing is locked.
  await logInViaApi(page, 'premium@gistbook.app', 'gistbook-premium');
  await page.goto('/search?q=meditations');
  const card = cardOf(page, 'Meditations');
  await expect(card.getByRole('heading', { name: 'Meditations', exact: true })).toBeVisible();
  await expect(card.getByText('Premium', { exact: true })).toHaveCount(0);
  await page.goto('/books/meditations');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  await expect(page.locator('.book-heading').getByText('Premium', { exact: true })).toHaveCount(0);
});

test('catalogue pages lead to each other', async ({ page }) => {
  await page.goto('/books');
  await expect(page.getByRole('heading', { name: 'Book Summaries', level: 1 })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Philosophy', exact: true }).click();
  await expect(page).toHaveURL(/\/category\/philosophy$/);
  await expect(page.getByRole('heading', { name: 'Philosophy', level: 1 })).toBeVisible();
  await expect(page.getByTestId('book-card').first()).toBeVisible();

  await page.goto('/collections');
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Stoic Classics' }).click();
  await expect(page).toHaveURL(/\/collections\/stoic-classics$/);
  await expect(page.getByRole('heading', { name: 'Stoic Classics', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /Back to collections/ }).click();
  await expect(page).toHaveURL(/\/collections$/);

  await page.goto('/authors');
  await page.getByRole('link', { name: 'Marcus Aurelius', exact: true }).click();
  await expect(page).toHaveURL(/\/authors\/marcus-aurelius$/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Meditations', exact: true })).toBeVisible();
});

// One test per page (both widths), so the pages spread over the workers.
for (const [path, heading] of [
  ['/books', 'Book Summaries'],
  ['/booklist/new/all', 'Latest'],
  ['/category/philosophy', 'Philosophy'],
  ['/collections', 'Collections'],
  ['/authors', 'Book Authors'],
  ['/infographics', 'Infographics'],
  ['/search?q=walden', 'Search'],
  ['/blog', 'Blog'],
  ['/blog/whats-new', "What's New"],
] as const) {
  test(`catalogue page ${path} has no accessibility violations and fits a phone`, async ({ page }) => {
    for (const size of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      await expectNoViolations(page, `${path} at ${size.width}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} overflows sideways at ${size.width}px`).toBeLessThanOrEqual(0);
    }
  });
}
