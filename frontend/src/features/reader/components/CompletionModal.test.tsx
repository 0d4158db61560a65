import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookDetail, BookResult, PositionSaveResult } from '../api/types';
import { makeBookDetail } from '@/testing/catalogue-data';
import { makeUser } from '@/testing/data';
import { http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

/** A member on the last-but-one section; the save of the last one earns `xp`. */
async function openNearTheEnd(xp = 10, overrides: Partial<BookDetail> = {}) {
  const book = makeBookDetail({ subid: 'walden', title: 'Walden', position: 5, ...overrides });
  signIn();
  server.use(
    http.get('/api/books/{id}', () => ok<BookResult>({ book, user: makeUser({ id: 1, isPaid: true }) })),
    http.put('/api/user-book-history/', async ({ request }) => {
      const body = await request.json();
      const completed = Boolean(body.completed);
      return ok<PositionSaveResult>({ position: Number(body.position), completed, firstCompletion: completed && xp > 0, xpGained: completed ? xp : 0 });
    }),
  );
  const utils = renderApp('/books/walden');
  await screen.findByRole('heading', { level: 1, name: 'Walden' });
  return utils;
}

const position = () => document.querySelector('.reader-bar__position')?.textContent;

describe('completion modal', () => {
  it('is an accessible modal dialog: labelled, focus inside, the XP earned, a link to the progress page', async () => {
    const { user } = await openNearTheEnd(10);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('You finished Walden.');
    expect(await within(dialog).findByText('+10 XP')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See your progress' })).toHaveAttribute('href', '/my-progress');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    // Tab stays inside.
    await user.tab();
    expect(within(dialog).getByRole('link', { name: 'See your progress' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    // The arrow keys do not move the reader under the dialog.
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(position()).toBe('7/7');
  });

  it('says no new XP when the book was already completed before', async () => {
    const { user } = await openNearTheEnd(0);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(await within(dialog).findByText('You had finished it before, so no new XP this time.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/\+\d+ XP/)).not.toBeInTheDocument();
  });

  it('closes with Escape and gives focus back (Next is disabled now: the section title)', async () => {
    const { user } = await openNearTheEnd();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Congratulations!' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Final summary' })).toHaveFocus();
    // The arrow keys work again.
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(position()).toBe('6/7');
  });

  it('closes with its Close button, and opens once per visit', async () => {
    const { user } = await openNearTheEnd();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Congratulations!' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Back and to the end again: the book is already finished in this visit.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(position()).toBe('7/7');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with a click on the overlay; focus returns to the contents button when the contents led there', async () => {
    const { user } = await openNearTheEnd();
    const contents = screen.getByRole('button', { name: 'Contents' });
    await user.click(contents);
    await user.click(within(screen.getByRole('dialog', { name: 'Contents' })).getByRole('button', { name: /Final summary/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByTestId('completion-overlay'));
    expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).not.toBeInTheDocument();
    expect(contents).toHaveFocus();
  });

  it('links to /my-progress', async () => {
    server.use(
      http.get('/api/user-book-history/xp', () =>
        ok({
          isPaid: true,
          numCompleted: 1,
          xp: 10,
          streaks: { currentStreak: 1, bestStreak: 1 },
          skillsNumCompleted: {},
          awards: [],
          level: { current: null, next: 'Starter', nextXp: 50, xpToNext: 40, percent: 20 },
          skills: [],
        }),
      ),
    );
    const { user, router } = await openNearTheEnd();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Congratulations!' })).getByRole('link', { name: 'See your progress' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/my-progress'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Progress' })).toBeInTheDocument();
  });
});
