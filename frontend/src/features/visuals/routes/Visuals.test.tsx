import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VisualsResult } from '../api/types';
import { makeBookRef, makeVisualCard } from '@/testing/catalogue-data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('visuals list', () => {
  it('sends visitors to log in and back (back-office route table: login)', async () => {
    let asked = 0;
    server.use(
      http.get('/api/visuals', () => {
        asked += 1;
        return ok<VisualsResult>({ visuals: [] });
      }),
    );
    const { router } = renderApp('/visuals');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fvisuals'));
    expect(asked).toBe(0);
  });

  it('shows the title, the stats and a grid of book cards', async () => {
    const cards = [
      makeVisualCard({ book: makeBookRef({ id: 7, title: 'Meditations', author: 'Marcus Aurelius' }), count: 5 }),
      makeVisualCard({ book: makeBookRef({ id: 9, title: 'Walden', author: 'Henry David Thoreau', image: '' }), count: 6 }),
    ];
    server.use(http.get('/api/visuals', () => ok<VisualsResult>({ visuals: cards })));
    signIn();
    renderApp('/visuals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visual Book Summaries' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Meditations/ });
    expect(link).toHaveAttribute('href', '/visuals/7');
    expect(link).toHaveTextContent('Marcus Aurelius');
    expect(screen.getByRole('link', { name: /Walden/ })).toHaveAttribute('href', '/visuals/9');
    expect(link.querySelector('img')).toHaveAttribute('src', '/media/public/covers/7.jpg');
    // No cover: a neutral block instead of a broken image.
    const walden = screen.getByRole('link', { name: /Walden/ });
    expect(walden.querySelector('img')).toBeNull();
    expect(walden.querySelector('.visual-card__cover')).toHaveAttribute('aria-hidden', 'true');

    const stats = document.querySelector<HTMLElement>('.visuals__stats')!;
    expect(within(stats).getByText('Visual summaries')).toBeInTheDocument();
    expect(within(stats).getByText('2')).toBeInTheDocument();
    expect(within(stats).getByText('100%')).toBeInTheDocument();
    expect(within(stats).getByText('5 Min')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    server.use(http.get('/api/visuals', () => ok<VisualsResult>({ visuals: [] })));
    signIn();
    renderApp('/visuals');
    expect(await screen.findByRole('heading', { name: 'No Visual Summaries Yet' })).toBeInTheDocument();
  });

  it('has an error state with the server message', async () => {
    server.use(http.get('/api/visuals', ({ response }) => response.untyped(fail(400, 'Visuals are resting.', 'bad_request'))));
    signIn();
    renderApp('/visuals');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Visuals are resting.')).toBeInTheDocument();
  });
});
