import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/auth/session-api';
import { makeBook, makeUser } from '@/testing/data';
import { http, ok } from '@/testing/handlers';
import { renderWithRouter, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { BookCard, BookGrid, BookGridSkeleton, bookBadges } from './BookCard';

describe('BookCard', () => {
  it('shows the cover with alt text, title, author and links to /books/{subid}', async () => {
    renderWithRouter(
      <BookCard book={makeBook({ subid: 'meditations', title: 'Meditations', author: 'Marcus Aurelius', image: '/media/public/m.jpg', free: true })} />,
    );
    const link = await screen.findByRole('link', { name: 'Meditations' });
    expect(link).toHaveAttribute('href', '/books/meditations');
    expect(screen.getByRole('heading', { level: 3, name: 'Meditations' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Meditations' })).toHaveAttribute('src', '/media/public/m.jpg');
    expect(screen.getByText('Marcus Aurelius')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Badges' })).getByRole('listitem')).toHaveTextContent(/^Free$/);
  });

  it('shows the Free, Audio, Video and Coming soon badges', async () => {
    renderWithRouter(<BookCard book={makeBook({ title: 'Walden', free: true, hasMedia: true, hasVideo: true, comingSoon: true })} />);
    const badges = await screen.findByRole('list', { name: 'Badges' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Free', 'Audio', 'Video', 'Coming soon']);
  });

  it('lists badges only for the flags that are set, with the lock for a premium book unless the viewer has Premium', () => {
    const premium = { free: false, hasMedia: true, hasVideo: false, comingSoon: false };
    const free = { free: true, hasMedia: false, hasVideo: false, comingSoon: false };
    // A visitor or a free member.
    expect(bookBadges(premium, false)).toEqual(['Premium', 'Audio']);
    expect(bookBadges(free, false)).toEqual(['Free']);
    // A member with Premium: nothing is locked; free books still say so.
    expect(bookBadges(premium, true)).toEqual(['Audio']);
    expect(bookBadges(free, true)).toEqual(['Free']);
    expect(bookBadges({ ...premium, hasMedia: false }, true)).toEqual([]);
  });

  it('renders a grid as a labelled list, one item per book', async () => {
    renderWithRouter(<BookGrid label="New Releases" books={[makeBook({ title: 'A' }), makeBook({ title: 'B' })]} headingLevel={2} />);
    const list = await screen.findByRole('list', { name: 'New Releases' });
    expect(within(list).getAllByTestId('book-card')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: 'B' })).toBeInTheDocument();
  });

  it('reserves the cover box (width and height) and loads covers lazily unless eager', async () => {
    renderWithRouter(
      <>
        <BookCard book={makeBook({ title: 'Walden', image: '/media/public/w.jpg' })} />
        <BookCard book={makeBook({ title: 'Meditations', image: '/media/public/m.jpg' })} eager />
      </>,
    );
    const lazy = await screen.findByRole('img', { name: 'Cover of Walden' });
    expect(lazy).toHaveAttribute('width', '240');
    expect(lazy).toHaveAttribute('height', '320');
    expect(lazy).toHaveAttribute('loading', 'lazy');
    expect(lazy).toHaveAttribute('decoding', 'async');
    const eager = screen.getByRole('img', { name: 'Cover of Meditations' });
    expect(eager).toHaveAttribute('width', '240');
    expect(eager).toHaveAttribute('height', '320');
    expect(eager).not.toHaveAttribute('loading', 'lazy');
  });

  it('loads the first row of a grid at once and the rest lazily', async () => {
    const books = ['A', 'B', 'C', 'D'].map((title, index) =>
      makeBook({ id: index + 1, subid: title.toLowerCase(), title, image: `/media/public/${title}.jpg` }),
    );
    renderWithRouter(<BookGrid label="Latest" books={books} eagerCount={2} />);
    const list = await screen.findByRole('list', { name: 'Latest' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('loading')),
    ).toEqual(['eager', 'eager', 'lazy', 'lazy']);
  });

  it("shows a loading grid of cards with the real cards' boxes, announced once", async () => {
    renderWithRouter(<BookGridSkeleton count={5} label="Loading latest books…" />);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Loading latest books…');
    // The placeholder cards are for the eye only: no list, links or images to the accessibility tree.
    expect(within(status).queryByRole('list')).not.toBeInTheDocument();
    const cards = status.querySelectorAll('.book-grid > .book-grid__item > .book-card.book-card--skeleton');
    expect(cards).toHaveLength(5);
    for (const card of cards) {
      // The cover's 3:4 box and a title and an author line, as a real card has.
      expect(card.querySelector('.book-card__cover')).not.toBeNull();
      expect(card.querySelector('.book-card__title .skeleton-text')).not.toBeNull();
      expect(card.querySelector('.book-card__author .skeleton-text')).not.toBeNull();
    }
  });
});

describe('BookCard: the lock on premium books', () => {
  afterEach(() => {
    document.cookie = 'isPaid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  /** The session answers with this member, counting the calls. */
  function sessionOf(isPaid: boolean) {
    const calls = { count: 0 };
    server.use(
      http.get('/api/user/session', () => {
        calls.count += 1;
        return ok({ user: makeUser({ id: 1, isPaid }) });
      }),
    );
    return calls;
  }

  /** Says when the session has answered (the cards read the same query, so they have re-rendered too). */
  function SessionProbe() {
    const session = useSession();
    if (!session.data) return null;
    return <p>Session: {session.data.user.isPaid ? 'premium member' : 'free member'}</p>;
  }

  /** The badges of the card titled `title` ([] without any). */
  const badgesOf = (title: string) => {
    const card = screen.getAllByTestId('book-card').find((element) => within(element).queryByRole('heading', { name: title }));
    if (!card) throw new Error(`no card titled ${title}`);
    const list = within(card).queryByRole('list', { name: 'Badges' });
    return list
      ? within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent)
      : [];
  };

  it('shows a visitor a padlock and "Premium" on a premium book, "Free" on a free one', async () => {
    const calls = sessionOf(true);
    renderWithRouter(<BookGrid books={[makeBook({ title: 'Walden', free: true }), makeBook({ title: 'Meditations', hasMedia: true })]} />);
    const lock = (await screen.findByText('Premium')).closest('li') as HTMLElement;
    expect(lock).toHaveClass('book-badge--premium');
    // The padlock is for the eye; screen readers hear the word.
    const icon = lock.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(lock).toHaveTextContent(/^Premium$/);
    expect(badgesOf('Meditations')).toEqual(['Premium', 'Audio']);
    expect(badgesOf('Walden')).toEqual(['Free']);
    // A visitor's cards ask the server nothing.
    expect(calls.count).toBe(0);
  });

  it('keeps the lock for a free member', async () => {
    signIn();
    const calls = sessionOf(false);
    renderWithRouter(
      <>
        <BookGrid books={[makeBook({ title: 'Walden', free: true }), makeBook({ title: 'Meditations' })]} />
        <SessionProbe />
      </>,
    );
    // The session has answered (the cards re-render with the probe): still locked.
    expect(await screen.findByText('Session: free member')).toBeInTheDocument();
    expect(calls.count).toBe(1);
    expect(badgesOf('Meditations')).toEqual(['Premium']);
    expect(badgesOf('Walden')).toEqual(['Free']);
  });

  it('shows a member with Premium no lock, and "Free" on free books', async () => {
    signIn();
    sessionOf(true);
    renderWithRouter(<BookGrid books={[makeBook({ title: 'Walden', free: true }), makeBook({ title: 'Meditations', hasMedia: true })]} />);
    await waitFor(() => expect(screen.queryByText('Premium')).not.toBeInTheDocument());
    expect(badgesOf('Meditations')).toEqual(['Audio']);
    expect(badgesOf('Walden')).toEqual(['Free']);
  });

  it("trusts the server's isPaid cookie while the session loads", async () => {
    signIn();
    document.cookie = 'isPaid=true; path=/';
    // The session never answers.
    server.use(http.get('/api/user/session', () => new Promise<never>(() => undefined)));
    renderWithRouter(<BookGrid books={[makeBook({ title: 'Meditations', hasVideo: true })]} />);
    expect(await screen.findByText('Video')).toBeInTheDocument();
    expect(screen.queryByText('Premium')).not.toBeInTheDocument();
  });
});
