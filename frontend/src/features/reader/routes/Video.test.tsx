import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BookDetail, BookResult } from '../api/types';
import { makeBookDetail, makeVisitorBook } from '@/testing/catalogue-data';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function serveBook(book: BookDetail) {
  server.use(http.get('/api/books/{id}', () => ok<BookResult>({ book, user: book.notLoggedIn ? null : makeUser({ id: 1, isPaid: book.isPaidUser }) })));
}

const location = (router: { state: { location: { pathname: string; search: string } } }) => router.state.location;

describe('video page', () => {
  it('sends a visitor to /login and back for a book that is not free', async () => {
    serveBook(makeVisitorBook({ subid: 'meditations', free: false }));
    const { router } = renderApp('/video/meditations');
    await waitFor(() => expect(location(router).pathname).toBe('/login'));
    expect(new URLSearchParams(location(router).search).get('redirect')).toBe('/video/meditations');
  });

  it('sends a signed-in member who has not paid to /try for a book that is not free', async () => {
    signIn();
    serveBook(makeBookDetail({ free: false, isPaidUser: false, video: null }));
    const { router } = renderApp('/video/walden');
    await waitFor(() => expect(location(router).pathname).toBe('/try'));
  });

  it('shows the video to a paid member, with a Back link to the summary', async () => {
    signIn();
    serveBook(makeBookDetail({ subid: 'walden', title: 'Walden' }));
    renderApp('/video/walden');
    expect(await screen.findByRole('heading', { level: 1, name: 'Walden' })).toBeInTheDocument();
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video.getAttribute('src')).toContain('/media/premium/video/');
    expect(screen.getByRole('link', { name: 'Back to the summary' })).toHaveAttribute('href', '/books/walden');
  });

  it('says when there is no video yet', async () => {
    signIn();
    serveBook(makeBookDetail({ hasVideo: false, video: null }));
    renderApp('/video/walden');
    expect(await screen.findByText('No video available yet for this book.')).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });

  it('asks to upgrade when the video exists but is not sent (a free book, a visitor)', async () => {
    serveBook(makeVisitorBook({ free: true, hasVideo: true, video: null }));
    const { router } = renderApp('/video/the-way-to-wealth');
    expect(await screen.findByText('Please upgrade to see the full video content for this summary.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/try');
    expect(location(router).pathname).toBe('/video/the-way-to-wealth');
  });

  it('shows the free book video to a visitor when the server sends it', async () => {
    serveBook(makeVisitorBook({ free: true, video: '/media/premium/video/1.mp4?exp=1&sig=a' }));
    renderApp('/video/the-way-to-wealth');
    await screen.findByRole('link', { name: 'Back to the summary' });
    expect(document.querySelector('video')).not.toBeNull();
  });

  it('shows the reader error text when the book cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/books/{id}', () => fail(500, 'Internal error', 'internal')));
    renderApp('/video/walden');
    expect(await screen.findByText('There was an error. Please try again later.')).toBeInTheDocument();
  });
});
