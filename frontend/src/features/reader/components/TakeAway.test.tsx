import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBookDetail } from '@/testing/catalogue-data';
import { renderWithRouter } from '@/testing/render';
import { TakeAway, takeAwayLinks } from './TakeAway';

describe('Download PDF and Send to Kindle', () => {
  it('sends paid members straight to the download and the Kindle page', () => {
    const book = makeBookDetail({ id: 12, subid: 'walden', title: 'Walden', isPaidUser: true, mayDownloadPdf: true });
    renderWithRouter(<TakeAway book={book} />);
    const list = within(screen.getByRole('list', { name: 'Take this summary with you' }));
    expect(list.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/download-pdf/12/walden');
    expect(list.getByRole('link', { name: 'Send to Kindle' })).toHaveAttribute('href', '/send-to-kindle/12');
  });

  it('sends the buyer of this one book straight to its download too', () => {
    const book = makeBookDetail({ id: 12, subid: 'walden', title: 'Walden', isPaidUser: false, mayDownloadPdf: true });
    expect(takeAwayLinks(book)).toEqual({ pdf: '/download-pdf/12/walden', kindle: '/send-to-kindle/12' });
  });

  it('sends everyone else to choose: buying it, or upgrading', () => {
    const book = makeBookDetail({ id: 12, subid: 'walden', title: 'Walden', isPaidUser: false, mayDownloadPdf: false });
    expect(takeAwayLinks(book)).toEqual({ pdf: '/download-pdf-or/12/walden', kindle: '/send-to-kindle/12' });
  });
});
