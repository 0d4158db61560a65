import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HighlightPage } from '../api/types';
import { http, ok } from '@/testing/handlers';
import { makeHighlightInBook } from '@/testing/highlight-data';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { NO_HIGHLIGHTS } from './Highlights';

function serve(page: (query: URLSearchParams) => HighlightPage) {
  const seen: string[] = [];
  server.use(
    http.get('/api/user/highlights', ({ request }) => {
      const query = new URL(request.url).searchParams;
      seen.push(query.toString());
      return ok(page(query));
    }),
  );
  return seen;
}

describe('/highlights', () => {
  it('lists highlights with book link, quote, note, colour and the orphaned badge', async () => {
    signIn();
    serve(() => ({
      page: 1,
      pages: 2,
      total: 51,
      highlights: [
        makeHighlightInBook(
          { quote: 'Simplify, simplify.', note: 'My motto', colour: 'green' },
          { id: 3, subid: 'walden', title: 'Walden', author: 'Henry David Thoreau' },
        ),
        makeHighlightInBook({ quote: 'Gone quote', orphaned: true }),
      ],
    }));
    renderApp('/highlights');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Highlights' })).toBeInTheDocument();
    expect(await screen.findByText('Simplify, simplify.')).toBeInTheDocument();
    expect(screen.getByText('My motto')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Walden' })).toHaveAttribute('href', '/books/walden');
    expect(screen.getByText('No longer in the summary')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Markdown' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export for Readwise (CSV)' })).toBeInTheDocument();
    const item = screen.getByText('Simplify, simplify.').closest('li')!;
    expect(within(item).getByRole('button', { name: 'Edit note or colour: Simplify, simplify.' })).toBeInTheDocument();
    fireEvent.click(within(item).getByRole('button', { name: /^Edit note or colour/ }));
    expect(within(item).getByRole('radio', { name: 'Green' })).toBeChecked();
    expect(within(item).getByRole('textbox', { name: 'Note' })).toHaveValue('My motto');
  });

  it('filters by colour and text and pages on', async () => {
    signIn();
    const seen = serve((query) => ({ page: Number(query.get('page')), pages: 3, total: 120, highlights: [makeHighlightInBook()] }));
    renderApp('/highlights');
    await screen.findByText('Page 1 of 3');
    fireEvent.change(screen.getByRole('combobox', { name: 'Colour' }), { target: { value: 'pink' } });
    await waitFor(() => expect(seen.at(-1)).toBe('page=1&colour=pink'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search quotes and notes' }), { target: { value: 'virtue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search highlights' }));
    await waitFor(() => expect(seen.at(-1)).toBe('page=1&colour=pink&search=virtue'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(seen.at(-1)).toBe('page=2&colour=pink&search=virtue'));
  });

  it('says how to start when there are none', async () => {
    signIn();
    serve(() => ({ page: 1, pages: 0, total: 0, highlights: [] }));
    renderApp('/highlights');
    expect(await screen.findByText(NO_HIGHLIGHTS)).toBeInTheDocument();
  });
});
