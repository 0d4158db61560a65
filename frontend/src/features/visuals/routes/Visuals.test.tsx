import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VisualsResult } from '@/lib/api/types';
import { makeBookRef, makeVisualCard } from '@/testing/catalogue-data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('visuals list', () => {
  it('shows the title, the stats and a grid of book cards', async () => {
    const cards = [
      makeVisualCard({ book: makeBookRef({ id: 7, title: 'Meditations', author: 'Marcus Aurelius' }), count: 5 }),
      makeVisualCard({ book: makeBookRef({ id: 9, title: 'Walden', author: 'Henry David Thoreau', image: '' }), count: 6 }),
    ];
    server.use(http.get('/api/visuals', () => ok<VisualsResult>({ visuals: cards })));
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
    renderApp('/visuals');
    expect(await screen.findByRole('heading', { name: 'No Visual Summaries Yet' })).toBeInTheDocument();
  });

  it('has an error state with the server message', async () => {
    server.use(http.get('/api/visuals', ({ response }) => response.untyped(fail(400, 'Visuals are resting.', 'bad_request'))));
    renderApp('/visuals');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Visuals are resting.')).toBeInTheDocument();
  });
});
