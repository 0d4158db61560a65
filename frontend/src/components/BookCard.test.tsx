import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBook } from '@/testing/data';
import { renderWithRouter } from '@/testing/render';
import { BookCard, BookGrid, bookBadges } from './BookCard';

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
    expect(within(badges).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Free', 'Audio', 'Video', 'Coming soon']);
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
});
