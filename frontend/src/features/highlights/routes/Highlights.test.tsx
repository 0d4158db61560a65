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

  it('marks a highlight for the daily review (PATCH {review: true}) and unmarks another', async () => {
    signIn();
    const patched: { id: string; body: unknown }[] = [];
    let marked = false;
    serve(() => ({
      page: 1,
      pages: 1,
      total: 2,
      highlights: [makeHighlightInBook({ id: 41, quote: 'To be marked', review: marked }), makeHighlightInBook({ id: 42, quote: 'Already in', review: true })],
    }));
    server.use(
      http.patch('/api/user/highlights/{id}', async ({ request, params }) => {
        const body = await request.json();
        patched.push({ id: String(params.id), body });
        if (params.id === '41') marked = Boolean(body.review);
        return ok(makeHighlightInBook({ id: Number(params.id), review: Boolean(body.review) }).highlight);
      }),
    );
    renderApp('/highlights');
    const item = (await screen.findByText('To be marked')).closest('li')!;
    const box = within(item).getByRole('checkbox', { name: 'Add to daily review' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('To be marked');
    fireEvent.click(box);
    await waitFor(() => expect(patched).toEqual([{ id: '41', body: { review: true } }]));
    expect(await screen.findByText('Added to daily review.')).toBeInTheDocument();
    await waitFor(() => expect(box).toBeChecked());

    const other = within(screen.getByText('Already in').closest('li')!).getByRole('checkbox', { name: 'Add to daily review' });
    expect(other).toBeChecked();
    fireEvent.click(other);
    await waitFor(() => expect(patched.at(-1)).toEqual({ id: '42', body: { review: false } }));
    expect(await screen.findByText('Removed from daily review.')).toBeInTheDocument();
  });

  it('says how to start when there are none', async () => {
    signIn();
    serve(() => ({ page: 1, pages: 0, total: 0, highlights: [] }));
    renderApp('/highlights');
    expect(await screen.findByText(NO_HIGHLIGHTS)).toBeInTheDocument();
  });
});
