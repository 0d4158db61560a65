import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeInsightCard } from '@/testing/content-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { HOME_INSIGHTS_LIMIT } from './HomeInsights';

describe('insights on /home', () => {
  it("shows the newest insights, each with 'title by author' linking to the book", async () => {
    signIn();
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/insights', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('limit'));
        return ok({
          insights: [
            makeInsightCard({ id: 1, insight: 'Simplify, simplify.' }),
            makeInsightCard({
              id: 2,
              insight: 'The best time is now.',
              book: { id: 6, subid: 'meditations', title: 'Meditations', author: 'Marcus Aurelius' },
            }),
          ],
        });
      }),
    );
    renderApp('/home');
    const section = await screen.findByRole('region', { name: 'Insights' });
    expect(asked).toEqual([String(HOME_INSIGHTS_LIMIT)]);
    expect(within(section).getByText('Simplify, simplify.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Walden by Henry David Thoreau' })).toHaveAttribute('href', '/books/walden');
    expect(within(section).getByRole('link', { name: 'Meditations by Marcus Aurelius' })).toHaveAttribute('href', '/books/meditations');
  });

  it('shows no section without insights', async () => {
    signIn();
    renderApp('/home');
    await screen.findByRole('region', { name: 'New Releases' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Insights' })).not.toBeInTheDocument());
  });
});
