import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BookDetail, BookResult, PositionSaveRequest, PositionSaveResult } from '../api/types';
import { SAMPLE_BODY, SAMPLE_SECTIONS, makeBookDetail, makeVisitorBook } from '@/testing/catalogue-data';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function serveBook(book: BookDetail) {
  server.use(http.get('/api/books/{id}', () => ok<BookResult>({ book, user: book.notLoggedIn ? null : makeUser({ id: 1, isPaid: true }) })));
}

/** Record the position saves; the server answers like docs/progress.md (first completion: 10 XP). */
function recordSaves(options: { xpOnCompletion?: number } = {}) {
  const saves: PositionSaveRequest[] = [];
  server.use(
    http.put('/api/user-book-history/', async ({ request }) => {
      const body = await request.json();
      saves.push(body);
      const completed = Boolean(body.completed);
      const xpGained = completed ? (options.xpOnCompletion ?? 10) : 0;
      return ok<PositionSaveResult>({ position: Math.min(Number(body.position), 6), completed, firstCompletion: xpGained > 0, xpGained });
    }),
  );
  return saves;
}

async function openMember(book: BookDetail) {
  signIn();
  serveBook(book);
  const utils = renderApp(`/books/${book.subid}`);
  await screen.findByRole('heading', { level: 1, name: book.title });
  return utils;
}

const position = () => document.querySelector('.reader-bar__position')?.textContent;

describe('reading progress: position saves', () => {
  it('sends a position save on each move for a signed-in member', async () => {
    const saves = recordSaves();
    const book = makeBookDetail({ id: 12, subid: 'walden', title: 'Walden' });
    const { user } = await openMember(book);
    expect(saves).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ bookId: 12, position: 1, completed: false, savedAt: expect.any(Number) as number });

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toEqual({ bookId: 12, position: 2, completed: false, savedAt: expect.any(Number) as number });

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(saves).toHaveLength(3));
    expect(saves[2]).toEqual({ bookId: 12, position: 1, completed: false, savedAt: expect.any(Number) as number });

    // Back to the first section saves 0; ArrowLeft there goes nowhere and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves.map((s) => s.position)).toEqual([1, 2, 1, 0]);
  });

  it('marks the book completed at the last section and opens the completion modal', async () => {
    const saves = recordSaves();
    const { user } = await openMember(makeBookDetail({ id: 13, title: 'Walden', position: 5 }));
    expect(position()).toBe('6/7');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ bookId: 13, position: 6, completed: true, savedAt: expect.any(Number) as number });
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(within(dialog).getByText('You finished Walden.')).toBeInTheDocument();
    expect(await within(dialog).findByText('+10 XP')).toBeInTheDocument();
    // The cached book is marked completed: the heading says so.
    expect(screen.getByText('You finished this summary')).toBeInTheDocument();
  });

  it('with the rating section, the rating form is the last section that completes the book', async () => {
    const saves = recordSaves();
    const { user } = await openMember(makeBookDetail({ id: 14, hasRatingsFromUser: false, position: 6 }));
    expect(position()).toBe('7/8');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ bookId: 14, position: 7, completed: true, savedAt: expect.any(Number) as number });
    expect(await screen.findByRole('dialog', { name: 'Congratulations!' })).toBeInTheDocument();
  });

  it('sends nothing and opens nothing for visitors, even with the whole body of a free book', async () => {
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/user-book-history')) sent.push(`${request.method} ${request.url}`);
    });
    serveBook(makeVisitorBook({ subid: 'the-way-to-wealth', title: 'The Way to Wealth', free: true, body: SAMPLE_BODY, sections: SAMPLE_SECTIONS }));
    const { user } = renderApp('/books/the-way-to-wealth');
    await screen.findByRole('heading', { level: 1, name: 'The Way to Wealth' });
    // No rating section for visitors: seven sections.
    expect(position()).toBe('1/7');
    for (let i = 0; i < 6; i += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(position()).toBe('7/7');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).not.toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('only logs a failed save (no message on screen)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.put('/api/user-book-history/', () => fail(500, 'Internal error', 'internal')));
    const { user } = await openMember(makeBookDetail());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Could not save the reading position', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(position()).toBe('2/7');
    logged.mockRestore();
  });
});

describe('reading progress: restoring the saved position', () => {
  it('starts at a valid saved position', async () => {
    await openMember(makeBookDetail({ position: 4 }));
    expect(position()).toBe('5/7');
    expect(screen.getByRole('heading', { level: 2, name: 'Key idea 5: Act' })).toBeInTheDocument();
  });

  it('starts at 0 when the saved position is not a section of the book', async () => {
    await openMember(makeBookDetail({ position: 12 }));
    expect(position()).toBe('1/7');
  });

  it('starts at 0 for a negative position', async () => {
    await openMember(makeBookDetail({ position: -1 }));
    expect(position()).toBe('1/7');
  });

  it('resumes at the position just saved when the book is reopened', async () => {
    const book = makeBookDetail({ id: 15, subid: 'walden', title: 'Walden', position: 0 });
    const { user, router } = await openMember(book);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(position()).toBe('3/7');
    // The server still answers with the old copy here: the cached book carries the saved position.
    await waitFor(() => expect(document.querySelector('.reader-bar__position')).toHaveTextContent('3/7'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await act(() => router.navigate('/books'));
    await screen.findByRole('heading', { level: 1, name: 'Book Summaries' });
    await act(() => router.navigate('/books/walden'));
    await screen.findByRole('heading', { level: 1, name: 'Walden' });
    expect(position()).toBe('3/7');
  });
});

describe('reading progress: audio and video', () => {
  it('saves the position the first time the audio plays, once', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const saves = recordSaves();
    const { user } = await openMember(makeBookDetail({ id: 16, position: 2 }));
    await user.click(screen.getByRole('button', { name: 'Play audio' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ bookId: 16, position: 2, completed: false, savedAt: expect.any(Number) as number });
    await user.click(screen.getByRole('button', { name: 'Pause audio' }));
    await user.click(screen.getByRole('button', { name: 'Play audio' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('logs a video start on the first play for a member, once', async () => {
    const started: string[] = [];
    server.use(
      http.post('/api/user-book-history/{id}', ({ params }) => {
        started.push(String(params.id));
        return ok({});
      }),
    );
    signIn();
    serveBook(makeBookDetail({ id: 17, subid: 'walden', title: 'Walden' }));
    renderApp('/video/walden');
    await screen.findByRole('heading', { level: 1, name: 'Walden' });
    const video = document.querySelector('video')!;
    fireEvent.play(video);
    await waitFor(() => expect(started).toEqual(['17']));
    fireEvent.pause(video);
    fireEvent.play(video);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual(['17']);
  });

  it('logs nothing for a visitor watching a free video, and only logs a failure for members', async () => {
    const started: string[] = [];
    server.use(
      http.post('/api/user-book-history/{id}', ({ params }) => {
        started.push(String(params.id));
        return fail(403, 'This video is not available to your account.', 'no_video');
      }),
    );
    serveBook(makeVisitorBook({ id: 18, subid: 'the-way-to-wealth', title: 'The Way to Wealth', free: true, video: '/media/premium/video/1.mp4?exp=1&sig=a' }));
    const visitor = renderApp('/video/the-way-to-wealth');
    await screen.findByRole('heading', { level: 1, name: 'The Way to Wealth' });
    fireEvent.play(document.querySelector('video')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual([]);
    visitor.unmount();

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    serveBook(makeBookDetail({ id: 19, subid: 'walden', title: 'Walden' }));
    renderApp('/video/walden');
    await screen.findByRole('heading', { level: 1, name: 'Walden' });
    fireEvent.play(document.querySelector('video')!);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Could not log the video start', expect.anything()));
    expect(started).toEqual(['19']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
