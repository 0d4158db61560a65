import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookDetail, BookResult } from '../api/types';
import { makeBookDetail, makeVisitorBook } from '@/testing/catalogue-data';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { forgetInlineBook, INLINE_BOOK_ID } from '../api/inline-book';
import { bookCall } from '../api/early-book';
import { forgetEarlyAnswers, leaveEarlyAnswer } from '@/testing/early-calls';

function serveBook(book: BookDetail, user = makeUser({ id: 1, isPaid: true })) {
  const seen: string[] = [];
  server.use(
    http.get('/api/books/{id}', ({ params }) => {
      seen.push(String(params.id));
      return ok<BookResult>({ book, user: book.notLoggedIn ? null : user });
    }),
  );
  return seen;
}

async function openMember(book = makeBookDetail({ subid: 'the-way-to-wealth', title: 'The Way to Wealth' }), path = `/books/${book.subid}`) {
  signIn();
  serveBook(book);
  const utils = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: book.title });
  return { ...utils, book };
}

const position = () => document.querySelector('.reader-bar__position')?.textContent;
const sectionHeading = () => screen.getByRole('heading', { level: 2, name: /^Key idea|^Final summary/ });

describe('reader: visitors', () => {
  it('shows only the truncated body, the login paywall and no Next/Previous', async () => {
    const seen = serveBook(makeVisitorBook({ subid: 'meditations' }));
    renderApp('/books/meditations');
    expect(await screen.findByRole('heading', { name: 'Log in or start your free trial to keep reading' })).toBeInTheDocument();
    expect(seen).toEqual(['meditations']);
    expect(screen.getByRole('heading', { level: 2, name: 'Key idea 1: Begin' })).toBeInTheDocument();
    expect(screen.getByText('First idea text.')).toBeInTheDocument();
    expect(screen.queryByText('Second idea text.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fbooks%2Fmeditations');
    expect(screen.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/signup?redirect=%2Fbooks%2Fmeditations');
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // No audio for visitors (mediaUrl is null).
    expect(screen.queryByRole('button', { name: 'Play audio' })).not.toBeInTheDocument();
    // The arrow keys do nothing either.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByText('First idea text.')).toBeInTheDocument();
  });

  it('shows the upgrade paywall to a free member who used the free summaries', async () => {
    signIn();
    serveBook(makeVisitorBook({ notLoggedIn: false, limitReached: true, unlocksLeft: 0 }), makeUser({ id: 1 }));
    renderApp('/books/on-liberty');
    expect(await screen.findByRole('heading', { name: 'You have used your free summaries' })).toBeInTheDocument();
    expect(screen.getByText('Upgrade to access unlimited summaries')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/pricing?limit_reached=yes');
    expect(screen.getByText('First idea text.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Log in or start your free trial to keep reading' })).not.toBeInTheDocument();
  });

  it('says how to earn one more free summary when the invite bonus is still to earn', async () => {
    signIn();
    serveBook(makeVisitorBook({ notLoggedIn: false, limitReached: true, unlocksLeft: 0, inviteBonusAvailable: true }), makeUser({ id: 1 }));
    renderApp('/books/on-liberty');
    expect(await screen.findByRole('heading', { name: 'You have used your free summaries' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'invite a friend' })).toHaveAttribute('href', '/refer-a-friend');
  });

  it('asks a free member before spending a free summary, and opens the whole book on a yes', async () => {
    signIn();
    const whole = makeBookDetail({ subid: 'meditations', title: 'Meditations' });
    const asked = makeVisitorBook({
      subid: 'meditations',
      title: 'Meditations',
      notLoggedIn: false,
      unlockOffer: { left: 3, allowance: 3 },
      inviteBonusAvailable: true,
    });
    serveBook(asked, makeUser({ id: 1 }));
    const unlocked: string[] = [];
    server.use(
      http.post('/api/books/{id}/unlock', ({ params }) => {
        unlocked.push(String(params.id));
        return ok<BookResult>({ book: whole, user: makeUser({ id: 1 }) });
      }),
    );
    renderApp('/books/meditations');
    expect(await screen.findByRole('heading', { name: 'Use 1 of your 3 free summaries on Meditations?' })).toBeInTheDocument();
    expect(screen.getByText('First idea text.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(unlocked).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Use a free summary' }));
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(unlocked).toEqual(['meditations']);
    expect(screen.queryByRole('heading', { name: /free summar/ })).not.toBeInTheDocument();
  });

  it('says the last free summary is the last, and how to earn one more', async () => {
    signIn();
    serveBook(
      makeVisitorBook({ title: 'Walden', notLoggedIn: false, unlockOffer: { left: 1, allowance: 3 }, inviteBonusAvailable: true }),
      makeUser({ id: 1 }),
    );
    renderApp('/books/walden');
    expect(await screen.findByRole('heading', { name: 'Use your last free summary on Walden?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invite a friend' })).toHaveAttribute('href', '/refer-a-friend');
  });

  it('shows the trial paywall when there are no body parts', async () => {
    serveBook(makeVisitorBook({ truncatedBody: '', body: null, sections: [] }));
    renderApp('/books/coming-soon');
    expect(await screen.findByRole('heading', { name: 'Start your free trial to read this summary' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/try');
  });
});

/** The book a visitor's page came with, as the server writes it (`GET /books/{id}`). */
function writeInlineBook(key: string, result: BookResult) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = INLINE_BOOK_ID;
  element.setAttribute('data-key', key);
  element.textContent = JSON.stringify(result);
  document.body.append(element);
  forgetInlineBook();
}

describe('reader: the book the page came with', () => {
  const pageBook = makeVisitorBook({ subid: 'meditations', title: 'Meditations' });
  beforeEach(() => writeInlineBook('meditations', { book: pageBook, user: null }));
  afterEach(() => {
    document.getElementById(INLINE_BOOK_ID)?.remove();
    forgetInlineBook();
  });

  it("draws a visitor's summary from the page without asking the API", async () => {
    const seen = serveBook(makeVisitorBook({ subid: 'meditations', title: 'Asked for' }));
    renderApp('/books/meditations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meditations' })).toBeInTheDocument();
    expect(screen.getByText('First idea text.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
  });

  it('is not used for another book', async () => {
    const seen = serveBook(makeVisitorBook({ subid: 'on-liberty', title: 'On Liberty' }));
    renderApp('/books/on-liberty');
    expect(await screen.findByRole('heading', { level: 1, name: 'On Liberty' })).toBeInTheDocument();
    expect(seen).toEqual(['on-liberty']);
  });

  it('is not used when someone is signed in on this browser: the member gets their own view', async () => {
    signIn();
    const member = makeBookDetail({ subid: 'meditations', title: 'Meditations, as the member reads it' });
    const seen = serveBook(member);
    renderApp('/books/meditations');
    expect(await screen.findByRole('heading', { level: 1, name: member.title })).toBeInTheDocument();
    expect(seen).toEqual(['meditations']);
    expect(screen.queryByRole('heading', { name: 'Log in or start your free trial to keep reading' })).not.toBeInTheDocument();
  });

  it('is ignored when it is not a book', async () => {
    const seen = serveBook(makeVisitorBook({ subid: 'meditations', title: 'Asked for' }));
    document.getElementById(INLINE_BOOK_ID)!.textContent = '{"book": 1';
    forgetInlineBook();
    renderApp('/books/meditations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Asked for' })).toBeInTheDocument();
    expect(seen).toEqual(['meditations']);
  });
});

describe("reader: the member's call the page sent early", () => {
  afterEach(() => forgetEarlyAnswers());

  it('draws its answer without asking the API again', async () => {
    signIn('member-token');
    const early = makeBookDetail({ subid: 'meditations', title: 'Meditations, as the early call answered' });
    leaveEarlyAnswer(bookCall('meditations'), 'member-token', 200, { status: 'ok', result: { book: early, user: makeUser({ id: 1, isPaid: true }) } });
    const seen = serveBook(makeBookDetail({ subid: 'meditations', title: 'Asked for again' }));
    renderApp('/books/meditations');
    expect(await screen.findByRole('heading', { level: 1, name: early.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('asks again through the API when the early answer was an error', async () => {
    signIn('member-token');
    leaveEarlyAnswer(bookCall('meditations'), 'member-token', 401, { status: 'error', error: 'Please log in.', notLoggedIn: true });
    const member = makeBookDetail({ subid: 'meditations', title: 'Meditations, asked for again' });
    const seen = serveBook(member);
    renderApp('/books/meditations');
    expect(await screen.findByRole('heading', { level: 1, name: member.title })).toBeInTheDocument();
    expect(seen).toEqual(['meditations']);
  });

  it('is not used once another token is stored', async () => {
    signIn('someone-else');
    leaveEarlyAnswer(bookCall('meditations'), 'member-token', 200, {
      status: 'ok',
      result: { book: makeBookDetail({ subid: 'meditations', title: 'The first member’s view' }), user: makeUser({ id: 1 }) },
    });
    const member = makeBookDetail({ subid: 'meditations', title: 'Meditations, as this member reads it' });
    const seen = serveBook(member);
    renderApp('/books/meditations');
    expect(await screen.findByRole('heading', { level: 1, name: member.title })).toBeInTheDocument();
    expect(seen).toEqual(['meditations']);
  });
});

describe('reader: loading', () => {
  it('shows the reader error text when the book cannot be loaded', async () => {
    server.use(http.get('/api/books/{id}', () => fail(500, 'Internal error', 'internal')));
    renderApp('/books/meditations');
    expect(await screen.findByText('There was an error. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a 404 page for an unknown book', async () => {
    server.use(http.get('/api/books/{id}', () => fail(404, 'Book not found.', 'not_found')));
    renderApp('/books/nope');
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeInTheDocument();
    expect(screen.queryByText('There was an error. Please try again later.')).not.toBeInTheDocument();
  });

  it('shows the book heading: cover, author link and category links', async () => {
    await openMember(makeBookDetail({ subid: 'meditations', title: 'Meditations' }));
    const cover = screen.getByRole('img', { name: 'Cover of Meditations' });
    // The page's LCP image: its box reserved (width and height), fetched first and never lazily.
    expect(cover).toHaveAttribute('width', '120');
    expect(cover).toHaveAttribute('height', '180');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).not.toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('link', { name: 'Marcus Aurelius' })).toHaveAttribute('href', '/authors/marcus-aurelius');
    const categories = screen.getByRole('list', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'Philosophy' })).toHaveAttribute('href', '/category/philosophy');
    expect(screen.getByRole('link', { name: 'Watch the video' })).toHaveAttribute('href', '/video/meditations');
  });

  it('has no video link when the book has no video', async () => {
    await openMember(makeBookDetail({ hasVideo: false, video: null }));
    expect(screen.queryByRole('link', { name: 'Watch the video' })).not.toBeInTheDocument();
  });
});

describe('reader: members', () => {
  it('moves with Next and Previous within bounds and shows index/total', async () => {
    const { user } = await openMember();
    expect(position()).toBe('1/7');
    expect(sectionHeading()).toHaveTextContent('Key idea 1: Begin');
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(position()).toBe('2/7');
    expect(screen.getByRole('progressbar', { name: 'Reading progress' })).toHaveAttribute('aria-valuenow', '2');
    expect(sectionHeading()).toHaveTextContent('Key idea 2: Continue');
    expect(screen.getByText('Section 2 of 7: Key idea 2: Continue')).toBeInTheDocument();

    await user.click(previous);
    expect(position()).toBe('1/7');
    expect(previous).toBeDisabled();

    for (let i = 0; i < 6; i += 1) await user.click(next);
    expect(position()).toBe('7/7');
    expect(sectionHeading()).toHaveTextContent('Final summary');
    expect(next).toBeDisabled();
  });

  it('moves with the arrow keys within bounds', async () => {
    await openMember();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(position()).toBe('1/7');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(position()).toBe('2/7');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(position()).toBe('3/7');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(position()).toBe('2/7');
    for (let i = 0; i < 10; i += 1) fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(position()).toBe('7/7');
    // Modified arrows belong to the browser.
    fireEvent.keyDown(window, { key: 'ArrowLeft', altKey: true });
    expect(position()).toBe('7/7');
  });

  it('ignores the arrow keys while typing in a field', async () => {
    await openMember();
    const input = document.createElement('input');
    document.body.appendChild(input);
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    expect(position()).toBe('1/7');
    input.remove();
  });

  it('restores a valid saved position only', async () => {
    await openMember(makeBookDetail({ position: 3 }));
    expect(position()).toBe('4/7');
  });

  it('cycles the font size through 3 levels', async () => {
    const { user } = await openMember();
    const reader = document.querySelector('.reader')!;
    expect(reader).toHaveAttribute('data-font-level', '1');
    const button = screen.getByRole('button', { name: 'Font size, level 1 of 3' });
    // A meter, not "1/3" beside the section count, where it read as a page count.
    expect(button).not.toHaveTextContent('1/3');
    expect(button.querySelectorAll('.reader-bar__step--on')).toHaveLength(1);
    await user.click(button);
    expect(reader).toHaveAttribute('data-font-level', '2');
    expect(reader).toHaveClass('reader--font-2');
    expect(screen.getByRole('button', { name: 'Font size, level 2 of 3' }).querySelectorAll('.reader-bar__step--on')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Font size, level 2 of 3' }));
    expect(reader).toHaveAttribute('data-font-level', '3');
    await user.click(screen.getByRole('button', { name: 'Font size, level 3 of 3' }));
    expect(reader).toHaveAttribute('data-font-level', '1');
    expect(screen.getByRole('button', { name: 'Font size, level 1 of 3' })).toBeInTheDocument();
  });

  it('toggles dark mode as a body class and removes it on leaving', async () => {
    const { user, unmount } = await openMember();
    const button = screen.getByRole('button', { name: 'Dark mode' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(document.body).toHaveClass('dark-mode');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    expect(document.body).not.toHaveClass('dark-mode');
    await user.click(button);
    expect(document.body).toHaveClass('dark-mode');
    unmount();
    expect(document.body).not.toHaveClass('dark-mode');
  });

  it('opens the contents, jumps to a section and returns focus to the button', async () => {
    const { user } = await openMember();
    const contents = screen.getByRole('button', { name: 'Contents' });
    await user.click(contents);
    expect(contents).toHaveAttribute('aria-expanded', 'true');
    const dialog = screen.getByRole('dialog', { name: 'Contents' });
    const items = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.classList.contains('reader-toc__item'));
    expect(items.map((b) => b.textContent)).toEqual([
      '1Key idea 1: Begin',
      '2Key idea 2: Continue',
      '3Key idea 3: Persist',
      '4Key idea 4: Reflect',
      '5Key idea 5: Act',
      '6Key idea 6: Rest',
      '7Final summary',
    ]);
    // Focus moved into the sidebar (the current section).
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(items[0]).toHaveFocus();

    // Arrow keys do not move sections while a sidebar is open.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(position()).toBe('1/7');

    await user.click(within(dialog).getByRole('button', { name: /Key idea 5: Act/ }));
    expect(position()).toBe('5/7');
    expect(screen.queryByRole('dialog', { name: 'Contents' })).not.toBeInTheDocument();
    expect(contents).toHaveFocus();
    expect(contents).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes a sidebar with Escape and with a click on the overlay', async () => {
    const { user } = await openMember();
    const options = screen.getByRole('button', { name: 'Options' });
    await user.click(options);
    expect(screen.getByRole('dialog', { name: 'Options' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Options' })).not.toBeInTheDocument();
    expect(options).toHaveFocus();

    await user.click(options);
    await user.click(screen.getByTestId('reader-options-overlay'));
    expect(screen.queryByRole('dialog', { name: 'Options' })).not.toBeInTheDocument();
    expect(options).toHaveFocus();
  });

  it('sets the font size and dark mode from the options sidebar, which links to the video and visuals', async () => {
    const { user } = await openMember(makeBookDetail({ subid: 'walden', title: 'Walden' }));
    await user.click(screen.getByRole('button', { name: 'Options' }));
    const dialog = screen.getByRole('dialog', { name: 'Options' });
    await user.click(within(dialog).getByRole('radio', { name: 'Large' }));
    expect(document.querySelector('.reader')).toHaveAttribute('data-font-level', '3');
    await user.click(within(dialog).getByRole('switch', { name: 'Dark mode' }));
    expect(document.body).toHaveClass('dark-mode');
    expect(within(dialog).getByRole('link', { name: 'Watch the video' })).toHaveAttribute('href', '/video/walden');
    expect(within(dialog).getByRole('link', { name: 'See the visual summary' })).toHaveAttribute('href', '/visuals/walden');
    // Tab stays inside the sidebar.
    const focusable = within(dialog).getAllByRole('link');
    focusable[focusable.length - 1].focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close options' })).toHaveFocus();
  });
});

describe('reader: layout', () => {
  it('hides the header and footer on /book-detail/:subid without a redirect', async () => {
    await openMember(makeBookDetail({ subid: 'walden', title: 'Walden' }), '/book-detail/walden');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('keeps them with a redirect', async () => {
    const { router } = await openMember(makeBookDetail({ subid: 'walden', title: 'Walden' }), '/book-detail/walden?redirect=%2Fhome');
    expect(currentUrl(router)).toBe('/book-detail/walden?redirect=%2Fhome');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

describe('reader: audio', () => {
  function stubMedia() {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    return { play, pause };
  }

  function audio(): HTMLAudioElement {
    return document.querySelector('audio')!;
  }

  it('has no player without a media URL', async () => {
    await openMember(makeBookDetail({ mediaUrl: null }));
    expect(screen.queryByRole('button', { name: 'Play audio' })).not.toBeInTheDocument();
    expect(document.querySelector('audio')).toBeNull();
  });

  it('plays, pauses and stops at the end', async () => {
    const { play, pause } = stubMedia();
    const { user } = await openMember();
    expect(audio()).toHaveAttribute('preload', 'metadata');
    expect(audio().getAttribute('src')).toContain('/media/premium/audio/');
    const player = document.querySelector('.audio-player')!;
    expect(player).toHaveAttribute('data-state', 'stopped');

    await user.click(screen.getByRole('button', { name: 'Play audio' }));
    expect(play).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(player).toHaveAttribute('data-state', 'playing'));
    await user.click(screen.getByRole('button', { name: 'Pause audio' }));
    expect(pause).toHaveBeenCalled();
    expect(player).toHaveAttribute('data-state', 'paused');

    await user.click(screen.getByRole('button', { name: 'Play audio' }));
    await waitFor(() => expect(player).toHaveAttribute('data-state', 'playing'));
    audio().currentTime = 42;
    fireEvent.ended(audio());
    expect(audio().currentTime).toBe(0);
    expect(player).toHaveAttribute('data-state', 'stopped');
    expect(screen.getByRole('button', { name: 'Play audio' })).toBeInTheDocument();
  });

  it('cycles the speed and sets the playback rate', async () => {
    const { user } = await openMember();
    const expected = ['1.25x', '1.5x', '1.75x', '2x', '0.5x', '0.75x', '1x'];
    expect(screen.getByRole('button', { name: 'Playback speed 1x' })).toHaveTextContent('1x');
    for (const label of expected) {
      await user.click(screen.getByRole('button', { name: /^Playback speed/ }));
      expect(screen.getByRole('button', { name: `Playback speed ${label}` })).toHaveTextContent(label);
      expect(audio().playbackRate).toBe(Number.parseFloat(label));
    }
  });

  it("shows the length the server read before the file loads, then the file's own", async () => {
    await openMember(makeBookDetail({ audioSeconds: 754 }));
    const slider = screen.getByRole('slider', { name: 'Seek' });
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 12:34');
    // A stream whose length is not known yet keeps the stored one.
    Object.defineProperty(audio(), 'duration', { configurable: true, value: Number.NaN });
    fireEvent.durationChange(audio());
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 12:34');
    Object.defineProperty(audio(), 'duration', { configurable: true, value: 755.2 });
    fireEvent.loadedMetadata(audio());
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 12:35');
  });

  it('without a stored length waits for the file', async () => {
    await openMember(makeBookDetail({ audioSeconds: null }));
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '0:00 of 0:00');
  });

  it('shows elapsed and duration and seeks with the keyboard and a click', async () => {
    await openMember();
    Object.defineProperty(audio(), 'duration', { configurable: true, value: 125 });
    fireEvent.loadedMetadata(audio());
    const slider = screen.getByRole('slider', { name: 'Seek' });
    expect(slider).toHaveAttribute('aria-valuemax', '125');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 2:05');

    slider.focus();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(audio().currentTime).toBe(5);
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    // The arrow went to the slider, not to the section navigation.
    expect(position()).toBe('1/7');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(audio().currentTime).toBe(125);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(audio().currentTime).toBe(0);

    slider.getBoundingClientRect = () => ({ left: 100, width: 200, top: 0, height: 24, right: 300, bottom: 24, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.click(slider, { clientX: 200 });
    expect(audio().currentTime).toBe(62.5);
    act(() => {
      audio().currentTime = 61;
      fireEvent.timeUpdate(audio());
    });
    expect(screen.getByText('1:01')).toBeInTheDocument();
    expect(screen.getByText('2:05')).toBeInTheDocument();
  });
});
