import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePodcastCard, makePodcastView } from '@/testing/content-data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('/podcasts', () => {
  it('lists every podcast as a card leading to its page', async () => {
    server.use(
      http.get('/api/podcasts', () =>
        ok({
          podcasts: [makePodcastCard({ id: 3, title: 'Rome Talks', mins: 25 }), makePodcastCard({ id: 4, title: 'Quiet Hours', hasAudio: false, mins: 0 })],
        }),
      ),
    );
    renderApp('/podcasts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Podcasts' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Podcasts' });
    expect(within(list).getByRole('link', { name: 'Rome Talks' })).toHaveAttribute('href', '/podcasts/3');
    expect(within(list).getByText('25 min · Audio')).toBeInTheDocument();
    expect(within(list).getByText('Audio coming soon')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    renderApp('/podcasts');
    expect(await screen.findByRole('heading', { name: 'No podcasts yet' })).toBeInTheDocument();
  });

  it('is linked from the footer', async () => {
    renderApp('/podcasts');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Podcasts' })).toHaveAttribute('href', '/podcasts');
  });
});

describe('/podcasts/{id}', () => {
  it('plays the audio through the signed link for a member who may listen', async () => {
    signIn();
    const seen: string[] = [];
    server.use(
      http.get('/api/podcasts/{id}', ({ params }) => {
        seen.push(String(params.id));
        return ok({ podcast: makePodcastView({ id: 3, title: 'Rome Talks', author: 'Mary Beard', mediaUrl: '/media/premium/podcasts/3.wav?exp=1&sig=abc' }) });
      }),
    );
    renderApp('/podcasts/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rome Talks' })).toBeInTheDocument();
    expect(seen).toEqual(['3']);
    expect(screen.getByText('by Mary Beard', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Rome Talks' })).toHaveAttribute('src', '/media/public/podcasts/3.png');
    expect(screen.getByText('On Rome and its readers.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'About Mary Beard' })).toBeInTheDocument();
    const player = document.querySelector('audio');
    expect(player).toHaveAttribute('src', '/media/premium/podcasts/3.wav?exp=1&sig=abc');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAccessibleName('Listen to Rome Talks');
    expect(screen.queryByRole('heading', { name: 'Listen with Premium' })).not.toBeInTheDocument();
  });

  it('offers the upgrade instead of a player when the audio is locked', async () => {
    signIn();
    server.use(http.get('/api/podcasts/{id}', () => ok({ podcast: makePodcastView({ id: 3, mediaUrl: null, locked: true }) })));
    renderApp('/podcasts/3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Listen with Premium' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/try');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(document.querySelector('audio')).toBeNull();
  });

  it('offers a visitor to log in and come back too', async () => {
    server.use(http.get('/api/podcasts/{id}', () => ok({ podcast: makePodcastView({ id: 3, mediaUrl: null, locked: true }) })));
    renderApp('/podcasts/3');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fpodcasts%2F3');
  });

  it('shows a page not found for an unknown podcast', async () => {
    server.use(http.get('/api/podcasts/{id}', () => fail(404, 'No such podcast.', 'not_found')));
    renderApp('/podcasts/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Podcast not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all podcasts' })).toHaveAttribute('href', '/podcasts');
  });
});
