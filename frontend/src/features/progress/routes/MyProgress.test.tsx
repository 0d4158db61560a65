import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProgressResult } from '../api/types';
import { fail, http, ok } from '@/testing/handlers';
import { makeProgress } from '@/testing/progress-data';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function serveProgress(progress: ProgressResult) {
  server.use(http.get('/api/user-book-history/xp', () => ok<ProgressResult>(progress)));
}

async function openProgress(progress: ProgressResult) {
  signIn();
  serveProgress(progress);
  const utils = renderApp('/my-progress');
  await screen.findByRole('region', { name: 'Your figures' });
  return utils;
}

/** The value (dd) of a figure, found by its term (dt). */
function figure(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('/my-progress', () => {
  it('sends a signed-out visitor to sign up and back', async () => {
    const { router } = renderApp('/my-progress');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Fmy-progress'));
  });

  it('shows books completed, XP and streaks', async () => {
    await openProgress(makeProgress({ xp: 10, numCompleted: 1, streaks: { currentStreak: 1, bestStreak: 3 } }));
    expect(screen.getByRole('heading', { level: 1, name: 'My Progress' })).toBeInTheDocument();
    expect(figure('Books completed')).toBe('1');
    expect(figure('XP')).toBe('10');
    expect(figure('Current streak')).toBe('1 day');
    expect(figure('Best streak')).toBe('3 days');
  });

  it('shows the way to the next award as a progress bar', async () => {
    await openProgress(makeProgress({ xp: 10 }));
    const bar = screen.getByRole('progressbar', { name: 'Progress to Starter' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(bar).toHaveAttribute('aria-valuetext', '20%, 40 XP to Starter');
    expect(screen.getByText('40 XP to Starter')).toBeInTheDocument();
    expect(screen.getByText('No award yet')).toBeInTheDocument();
  });

  it('lists the five achievements, earned or not', async () => {
    await openProgress(makeProgress({ xp: 120 }));
    const awards = within(screen.getByRole('region', { name: 'Achievements' })).getAllByRole('listitem');
    expect(awards.map((item) => item.textContent)).toEqual([
      '★Starter50 XPEarned',
      '★Trailblazer100 XPEarned',
      '☆Champ500 XPNot yet',
      '☆Genius1000 XPNot yet',
      '☆Scholar5000 XPNot yet',
    ]);
    expect(screen.getByText('Current award: Trailblazer')).toBeInTheDocument();
    expect(screen.getByText('380 XP to Champ')).toBeInTheDocument();
  });

  it('says so when every award is earned', async () => {
    await openProgress(makeProgress({ xp: 5000 }));
    expect(screen.getByText('All awards earned')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: /^Progress to/ })).not.toBeInTheDocument();
    expect(screen.getByText('Current award: Scholar')).toBeInTheDocument();
  });

  it('shows the skills, n of 10, with the acquired ones marked', async () => {
    await openProgress(
      makeProgress({
        xp: 130,
        skills: [
          { name: 'Philosophy', completed: 10, target: 10, acquired: true },
          { name: 'Economics', completed: 3, target: 10, acquired: false },
        ],
      }),
    );
    const skills = screen.getByRole('region', { name: 'Skills acquired' });
    const [philosophy, economics] = within(skills).getAllByRole('listitem');
    expect(philosophy).toHaveTextContent('Philosophy');
    expect(philosophy).toHaveTextContent('10 of 10');
    expect(within(philosophy).getByText('Acquired')).toBeInTheDocument();
    expect(within(philosophy).getByRole('progressbar', { name: 'Philosophy' })).toHaveAttribute('aria-valuenow', '10');
    expect(economics).toHaveTextContent('3 of 10');
    expect(within(economics).queryByText('Acquired')).not.toBeInTheDocument();
    expect(within(economics).getByRole('progressbar', { name: 'Economics' })).toHaveAttribute('aria-valuetext', '3 of 10 summaries');
  });

  it('explains skills when there are none yet', async () => {
    await openProgress(makeProgress());
    expect(screen.getByText('Each category is a skill: finish 10 summaries of a category to acquire it.')).toBeInTheDocument();
  });

  it('shows the upgrade card to unpaid members only', async () => {
    const { unmount } = await openProgress(makeProgress({ isPaid: false }));
    const card = screen.getByRole('region', { name: 'Read without limits' });
    expect(within(card).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/try');
    unmount();

    await openProgress(makeProgress({ isPaid: true }));
    expect(screen.queryByRole('region', { name: 'Read without limits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });

  it('shows the progress error text when the report cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    server.use(http.get('/api/user-book-history/xp', () => fail(500, 'Internal error', 'internal')));
    renderApp('/my-progress');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('There was an error processing your request. Please try again later.');
    expect(screen.queryByRole('region', { name: 'Your figures' })).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
