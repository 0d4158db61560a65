import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookVisualsResult } from '@/lib/api/types';
import { makeBookRef, makeSlides } from '@/testing/catalogue-data';
import { http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { SLIDE_TRANSITION_MS } from '../components/Carousel';

function serve(isPaid: boolean, count: number) {
  const book = makeBookRef({ id: 7, subid: 'meditations', title: 'Meditations', author: 'Marcus Aurelius' });
  const seen: string[] = [];
  server.use(
    http.get('/api/visuals/book/{id}', ({ params }) => {
      seen.push(String(params.id));
      return ok<BookVisualsResult>({ isPaid, book, visuals: isPaid ? makeSlides(count) : [] });
    }),
  );
  return seen;
}

const counter = () => document.querySelector('.carousel__counter')?.textContent;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('visual viewer', () => {
  it('sends visitors to log in and back (back-office route table: login)', async () => {
    const seen = serve(false, 0);
    const { router } = renderApp('/visuals/meditations');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fvisuals%2Fmeditations'));
    expect(seen).toEqual([]);
  });

  it('sends a member without slides who has not paid to /try', async () => {
    signIn();
    serve(false, 0);
    const { router } = renderApp('/visuals/meditations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/try'));
  });

  it('shows the first slide with its image, title, body, counter and progress', async () => {
    signIn();
    const seen = serve(true, 3);
    renderApp('/visuals/meditations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meditations' })).toBeInTheDocument();
    expect(seen).toEqual(['meditations']);
    expect(screen.getByRole('img', { name: 'Slide title 1' })).toHaveAttribute('src', '/media/premium/visuals/0.png?exp=1&sig=ef');
    expect(screen.getByRole('heading', { level: 2, name: 'Slide title 1' })).toBeInTheDocument();
    expect(screen.getByText('Slide body 1')).toBeInTheDocument();
    expect(counter()).toBe('1 of 3');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to Visuals' })).toHaveAttribute('href', '/visuals');
  });

  it('moves one step per arrow key, blocked for 300 ms after each move, within bounds', async () => {
    signIn();
    serve(true, 3);
    renderApp('/visuals/meditations');
    await screen.findByRole('heading', { level: 2, name: 'Slide title 1' });

    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(counter()).toBe('1 of 3');

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('2 of 3');
    // During the fade further moves are ignored.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('2 of 3');
    expect(screen.getByTestId('visual-slide')).toHaveClass('carousel__slide--fading');

    await wait(SLIDE_TRANSITION_MS + 50);
    expect(screen.getByTestId('visual-slide')).not.toHaveClass('carousel__slide--fading');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('3 of 3');
    expect(screen.getByRole('heading', { level: 2, name: 'Slide title 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await wait(SLIDE_TRANSITION_MS + 50);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('3 of 3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(counter()).toBe('2 of 3');
  });

  it('moves with the buttons and jumps with the dots', async () => {
    signIn();
    serve(true, 4);
    const { user } = renderApp('/visuals/meditations');
    await screen.findByRole('heading', { level: 2, name: 'Slide title 1' });
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(counter()).toBe('2 of 4');
    await wait(SLIDE_TRANSITION_MS + 50);

    await user.click(screen.getByRole('button', { name: 'Go to slide 4' }));
    expect(counter()).toBe('4 of 4');
    expect(screen.getByRole('button', { name: 'Go to slide 4' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
    await wait(SLIDE_TRANSITION_MS + 50);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(counter()).toBe('3 of 4');
    expect(screen.getByText('Slide 3 of 4: Slide title 3')).toBeInTheDocument();
  });

  it('tells a paid member when a book has no slides yet', async () => {
    signIn();
    serve(true, 0);
    const { router } = renderApp('/visuals/meditations');
    expect(await screen.findByRole('heading', { name: 'No Visual Summaries Yet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/visuals/meditations');
  });
});
