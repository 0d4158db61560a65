import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBook } from '@/testing/data';
import { renderWithRouter } from '@/testing/render';
import { BookCard, BookGrid, BookGridSkeleton, bookBadges } from './BookCard';

describe('BookCard', () => {
  it('shows the cover with alt text, title, author and links to /books/{subid}', async () => {
    renderWithRouter(<BookCard book={makeBook({ subid: 'meditations', title: 'Meditations', author: 'Marcus Aurelius', image: '/media/public/m.jpg' })} />);
    const link = await screen.findByRole('link', { name: 'Meditations' });
    expect(link).toHaveAttribute('href', '/books/meditations');
    expect(screen.getByRole('heading', { level: 3, name: 'Meditations' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Meditations' })).toHaveAttribute('src', '/media/public/m.jpg');
    expect(screen.getByText('Marcus Aurelius')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Badges' })).not.toBeInTheDocument();
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

  it('lists badges only for the flags that are set', () => {
    expect(bookBadges({ free: false, hasMedia: true, hasVideo: false, comingSoon: false })).toEqual(['Audio']);
    expect(bookBadges({ free: true, hasMedia: false, hasVideo: false, comingSoon: false })).toEqual(['Free']);
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
