import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminAccess, makeAdminUser } from '@/testing/admin-data';
import { fail, http, ok } from '@/testing/handlers';
import { makeAdminPodcastFeed, makePodcastFeed } from '@/testing/podcast-feed-data';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { toDateTime } from '../format';

const CREATED = Date.UTC(2026, 10, 1, 8);
const FETCHED = Date.UTC(2026, 10, 26, 21, 15);

function withMember(...extra: Parameters<typeof server.use>) {
  server.use(
    ...adminAccess(),
    http.get('/api/admin/user/edit/{userId}', ({ params }) => ok({ user: [makeAdminUser({ id: Number(params.userId) })] })),
    ...extra,
  );
}

/** The definition list's value for a term. */
function fact(card: HTMLElement, term: string): string {
  const dt = within(card).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe("the podcast feed card of a member's page", () => {
  it('shows the feed, its warnings and its use over the last 7 days', async () => {
    signIn();
    let asked = 0;
    withMember(
      http.get('/api/admin/user/{userId}/podcast-feed', ({ params }) => {
        asked = Number(params.userId);
        return ok(
          makeAdminPodcastFeed({
            feed: makePodcastFeed({ enabled: true, scope: 'all', createdAt: CREATED, lastFetchedAt: FETCHED }),
            warnings: 1,
            flaggedOn: '2026-11-20',
            downloads7Days: 42,
            addresses7Days: 3,
            userAgents7Days: 2,
          }),
        );
      }),
    );
    renderApp('/admin/users/7');
    const card = await screen.findByRole('region', { name: 'Podcast feed' });
    await within(card).findByText('Feed');
    expect(asked).toBe(7);
    expect(fact(card, 'Feed')).toBe('On');
    expect(fact(card, 'Holds')).toBe('All audio summaries');
    expect(fact(card, 'Address made')).toBe(toDateTime(CREATED));
    expect(fact(card, 'Last fetched')).toBe(toDateTime(FETCHED));
    expect(fact(card, 'Warnings for sharing')).toBe('1');
    expect(fact(card, 'Last flagged')).toBe('2026-11-20');
    expect(fact(card, 'Last 7 days')).toBe('42 downloads from 3 addresses and 2 podcast apps');
  });

  it('shows a feed that is off and was never used', async () => {
    signIn();
    withMember();
    renderApp('/admin/users/8');
    const card = await screen.findByRole('region', { name: 'Podcast feed' });
    await within(card).findByText('Feed');
    expect(fact(card, 'Feed')).toBe('Off');
    expect(fact(card, 'Holds')).toBe('Their library');
    expect(fact(card, 'Address made')).toBe('—');
    expect(fact(card, 'Last fetched')).toBe('Never');
    expect(fact(card, 'Last flagged')).toBe('Never');
    expect(fact(card, 'Last 7 days')).toBe('0 downloads from 0 addresses and 0 podcast apps');
  });

  it("shows the server's message when the feed cannot be read", async () => {
    signIn();
    withMember(
      http.get('/api/admin/user/{userId}/podcast-feed', ({ response }) => response.untyped(fail(500, 'Something went wrong on our side.', 'internal'))),
    );
    renderApp('/admin/users/9');
    const card = await screen.findByRole('region', { name: 'Podcast feed' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    // The member's form is still there.
    expect(await screen.findByRole('textbox', { name: 'First Name' })).toBeInTheDocument();
  });
});
