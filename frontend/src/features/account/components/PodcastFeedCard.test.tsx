import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PodcastFeed } from '../api/types';
import { fail, http, ok } from '@/testing/handlers';
import { makePodcastFeed } from '@/testing/podcast-feed-data';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { ADDRESS_LABEL, COPIED, COPY_BY_HAND, FEED_TITLE, SHOWN_ONCE, TURNED_OFF, timeAgo } from './PodcastFeedCard';

const FIRST = 'http://localhost:4000/feeds/first-secret-0000000.xml';
const SECOND = 'http://localhost:4000/feeds/second-secret-000000.xml';
const CREATED = Date.UTC(2026, 10, 20, 9, 30);

/** A fake server holding one member's feed; each call changes it as the real one would. */
function feedServer(initial: PodcastFeed = makePodcastFeed()) {
  let stored = initial;
  const urls = [FIRST, SECOND];
  const state = { created: 0, scopes: [] as (string | null)[], deleted: 0 };
  server.use(
    http.get('/api/user/podcast-feed', () => ok(stored)),
    http.post('/api/user/podcast-feed', () => {
      const url = urls[state.created] ?? SECOND;
      state.created += 1;
      stored = { ...stored, enabled: true, createdAt: CREATED, lastFetchedAt: null };
      return ok({ url, feed: stored });
    }),
    http.put('/api/user/podcast-feed/settings', async ({ request }) => {
      const { scope } = await request.json();
      state.scopes.push(scope);
      stored = { ...stored, scope: scope ?? stored.scope };
      return ok(stored);
    }),
    http.delete('/api/user/podcast-feed', () => {
      state.deleted += 1;
      stored = makePodcastFeed({ scope: stored.scope });
      return ok(stored);
    }),
  );
  return state;
}

async function renderCard() {
  signIn();
  const rendered = renderApp('/account');
  const card = await screen.findByRole('region', { name: FEED_TITLE });
  return { ...rendered, card: within(card) };
}

describe('the podcast feed on /account', () => {
  it('explains the feed and, when it is off, creates it and shows the address once with Copy', async () => {
    const state = feedServer();
    const { user, card } = await renderCard();
    expect(card.getByText(/audio summaries in any podcast app/)).toBeInTheDocument();
    expect(card.getByText(/do not share it/)).toBeInTheDocument();
    expect(card.getByText(/Without Premium you can use it too: your feed holds the free books\./)).toBeInTheDocument();
    expect(card.queryByRole('radiogroup')).not.toBeInTheDocument();

    await user.click(await card.findByRole('button', { name: 'Create my feed' }));
    const field = await card.findByRole<HTMLInputElement>('textbox', { name: ADDRESS_LABEL });
    expect(field).toHaveValue(FIRST);
    expect(field).toHaveAttribute('readonly');
    await waitFor(() => expect(field).toHaveFocus());
    expect(card.getByText('It is shown only this once.')).toBeInTheDocument();
    expect(card.queryByText(SHOWN_ONCE)).not.toBeInTheDocument();
    expect(state.created).toBe(1);
    expect(card.getByText('On')).toBeInTheDocument();
    expect(card.getByText('Not yet')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Copy' }));
    expect(await card.findByText(COPIED)).toHaveAttribute('role', 'status');
    await expect(navigator.clipboard.readText()).resolves.toBe(FIRST);
  });

  it('selects the address for copying by hand when the clipboard refuses', async () => {
    feedServer();
    const { user, card } = await renderCard();
    await user.click(await card.findByRole('button', { name: 'Create my feed' }));
    const field = await card.findByRole<HTMLInputElement>('textbox', { name: ADDRESS_LABEL });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(card.getByRole('button', { name: 'Copy' }));
    expect(await card.findByText(COPY_BY_HAND)).toHaveAttribute('role', 'status');
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, FIRST.length]);
  });

  it('says, when the feed is on, that the address was shown once and when an app last read it', async () => {
    feedServer(makePodcastFeed({ enabled: true, scope: 'all', createdAt: CREATED, lastFetchedAt: Date.now() - 3 * 3_600_000 - 60_000 }));
    const { card } = await renderCard();
    expect(await card.findByText(SHOWN_ONCE)).toBeInTheDocument();
    expect(card.queryByRole('textbox', { name: ADDRESS_LABEL })).not.toBeInTheDocument();
    expect(card.getByText('3 hours ago')).toBeInTheDocument();
    expect(card.getByRole('radio', { name: /All audio summaries/ })).toBeChecked();
    expect(card.getByRole('radio', { name: /My library/ })).not.toBeChecked();
    expect(card.getByRole('group', { name: 'What your feed holds' })).toBeInTheDocument();
    expect(card.getByRole('radio', { name: 'My library' })).toHaveAccessibleDescription('The books you saved or finished.');
  });

  it('saves the setting on change and says so', async () => {
    const state = feedServer(makePodcastFeed({ enabled: true, createdAt: CREATED }));
    const { user, card } = await renderCard();
    const all = await card.findByRole('radio', { name: /All audio summaries/ });
    expect(card.getByRole('radio', { name: /My library/ })).toBeChecked();
    await user.click(all);
    expect(await card.findByText('Saved: your feed now holds all audio summaries.')).toHaveAttribute('role', 'status');
    expect(all).toBeChecked();
    expect(state.scopes).toEqual(['all']);
    await user.click(card.getByRole('radio', { name: /My library/ }));
    expect(await card.findByText('Saved: your feed now holds the books in your library.')).toBeInTheDocument();
    expect(state.scopes).toEqual(['all', 'library']);
  });

  it("shows the server's message when the setting cannot be saved, and keeps the stored choice", async () => {
    feedServer(makePodcastFeed({ enabled: true, createdAt: CREATED }));
    server.use(http.put('/api/user/podcast-feed/settings', () => fail(404, 'Your podcast feed is off.', 'no_feed')));
    const { user, card } = await renderCard();
    await user.click(await card.findByRole('radio', { name: /All audio summaries/ }));
    expect(await card.findByRole('alert')).toHaveTextContent('Your podcast feed is off.');
    expect(card.getByRole('radio', { name: /My library/ })).toBeChecked();
  });

  it("shows the server's message when the feed cannot be created", async () => {
    feedServer();
    server.use(
      http.post('/api/user/podcast-feed', ({ response }) => response.untyped(fail(429, 'Too many new addresses today. Try again tomorrow.', 'throttled'))),
    );
    const { user, card } = await renderCard();
    await user.click(await card.findByRole('button', { name: 'Create my feed' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Too many new addresses today. Try again tomorrow.');
    expect(card.queryByRole('textbox', { name: ADDRESS_LABEL })).not.toBeInTheDocument();
  });

  it('gets a new address after a second step, and Cancel leaves the address as it is', async () => {
    const state = feedServer(makePodcastFeed({ enabled: true, createdAt: CREATED }));
    const { user, card } = await renderCard();
    const rotate = await card.findByRole('button', { name: 'Get a new address' });
    await user.click(rotate);
    const question = card.getByRole('group', { name: 'Get a new address?' });
    expect(question).toHaveAccessibleDescription(/stops working at once/);
    expect(within(question).getByText('Get a new address?')).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(card.queryByRole('group', { name: 'Get a new address?' })).not.toBeInTheDocument();
    await waitFor(() => expect(card.getByRole('button', { name: 'Get a new address' })).toHaveFocus());
    expect(state.created).toBe(0);

    await user.keyboard('{Enter}');
    await user.click(card.getByRole('button', { name: 'Yes, get a new address' }));
    expect(await card.findByRole('textbox', { name: ADDRESS_LABEL })).toHaveValue(FIRST);
    expect(state.created).toBe(1);
  });

  it('turns the feed off after a second step', async () => {
    const state = feedServer(makePodcastFeed({ enabled: true, createdAt: CREATED }));
    const { user, card } = await renderCard();
    await user.click(await card.findByRole('button', { name: 'Turn off' }));
    const question = card.getByRole('group', { name: 'Turn off your feed?' });
    expect(question).toHaveAccessibleDescription(/stops working at once/);
    await user.click(within(question).getByRole('button', { name: 'Yes, turn it off' }));
    expect(await card.findByText(TURNED_OFF)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Create my feed' })).toBeInTheDocument();
    expect(card.getByRole('heading', { name: FEED_TITLE })).toHaveFocus();
    expect(card.getByText('Off')).toBeInTheDocument();
    expect(state.deleted).toBe(1);
  });

  it('Escape closes the question', async () => {
    feedServer(makePodcastFeed({ enabled: true, createdAt: CREATED }));
    const { user, card } = await renderCard();
    await user.click(await card.findByRole('button', { name: 'Turn off' }));
    expect(card.getByRole('group', { name: 'Turn off your feed?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(card.queryByRole('group', { name: 'Turn off your feed?' })).not.toBeInTheDocument();
    await waitFor(() => expect(card.getByRole('button', { name: 'Turn off' })).toHaveFocus());
  });
});

describe('timeAgo', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  it.each([
    [now - 10_000, 'just now'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 3 * 3_600_000, '3 hours ago'],
    [now - 30 * 3_600_000, 'yesterday'],
    [now - 3 * 86_400_000, '3 days ago'],
    [now - 15 * 86_400_000, '2 weeks ago'],
    [now - 90 * 86_400_000, '2 months ago'],
    [now - 800 * 86_400_000, '2 years ago'],
    [now + 60_000, 'just now'],
  ])('%i → %s', (at, words) => {
    expect(timeAgo(at, now)).toBe(words);
  });
});
