import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookDetail, BookResult } from '../api/types';
import type { MarkHighlightBody } from '@/lib/api/types';
import { makeBookDetail, makeVisitorBook } from '@/testing/catalogue-data';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { makeHighlight, makeHighlightInBook } from '@/testing/highlight-data';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function serveBook(book: BookDetail) {
  server.use(http.get('/api/books/{id}', () => ok<BookResult>({ book, user: book.notLoggedIn ? null : makeUser({ id: 1, isPaid: true }) })));
}

function selectText(node: Node, start: number, end: number) {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

const book = () => makeBookDetail({ id: 7, subid: 'walden', title: 'Walden', position: 0 });

describe('reader: highlights', () => {
  it('draws the saved highlights as marks, but not the orphaned ones', async () => {
    signIn();
    serveBook(book());
    server.use(
      http.get('/api/user/highlights/book/{id}', () =>
        ok({
          highlights: [makeHighlight({ colour: 'green', startOffset: 6, endOffset: 10 }), makeHighlight({ orphaned: true, startOffset: 0, endOffset: 5 })],
        }),
      ),
    );
    renderApp('/books/walden');
    await screen.findByRole('heading', { level: 1, name: 'Walden' });
    const mark = await waitFor(() => {
      const found = document.querySelector('.reader__body mark');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(mark).toHaveTextContent('idea');
    expect(mark).toHaveClass('highlight--green');
    expect(document.querySelectorAll('.reader__body mark')).toHaveLength(1);
    expect(document.querySelector('.reader__body p')).toHaveTextContent('First idea text.');

    // Activating it offers edit and remove.
    fireEvent.keyDown(mark, { key: 'Enter' });
    expect(await screen.findByRole('group', { name: 'Edit highlight' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove highlight' })).toBeInTheDocument();
  });

  it('offers the toolbar on "h" with a selection and marks it green', async () => {
    signIn();
    serveBook(book());
    const posted: MarkHighlightBody[] = [];
    server.use(
      http.post('/api/user/highlights', async ({ request }) => {
        const body = await request.json();
        posted.push(body);
        return ok(makeHighlightInBook({ colour: 'green', startOffset: 6, endOffset: 10 }));
      }),
    );
    renderApp('/books/walden');
    await screen.findByText('First idea text.');
    const text = document.querySelector('.reader__body p')!.firstChild!;
    selectText(text, 6, 10);
    fireEvent.keyDown(document.body, { key: 'h' });
    const toolbar = await screen.findByRole('toolbar', { name: 'Highlight' });
    expect(screen.getByRole('button', { name: 'Highlight yellow' })).toHaveFocus();
    expect(toolbar).toContainElement(screen.getByRole('button', { name: 'Add note' }));
    fireEvent.click(screen.getByRole('button', { name: 'Highlight green' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ bookId: '7', section: 0, startBlock: 'b0', startOffset: 6, endBlock: 'b0', endOffset: 10, colour: 'green', note: null });
    expect(await screen.findByText('Highlighted')).toBeInTheDocument();
  });

  it("shows the server's message when marking fails", async () => {
    signIn();
    serveBook(book());
    server.use(http.post('/api/user/highlights', () => fail(403, 'This part of the summary is not open to you.')));
    renderApp('/books/walden');
    await screen.findByText('First idea text.');
    selectText(document.querySelector('.reader__body p')!.firstChild!, 0, 5);
    fireEvent.keyDown(document.body, { key: 'h' });
    fireEvent.click(await screen.findByRole('button', { name: 'Highlight pink' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the summary is not open to you.');
  });

  it('marks a highlight for the daily review from its editor (PATCH with {review: true})', async () => {
    signIn();
    serveBook(book());
    const patched: unknown[] = [];
    server.use(
      http.get('/api/user/highlights/book/{id}', () =>
        ok({ highlights: [makeHighlight({ id: 9, startOffset: 6, endOffset: 10, note: 'Mine', review: false })] }),
      ),
      http.patch('/api/user/highlights/{id}', async ({ request, params }) => {
        const body = await request.json();
        patched.push({ id: String(params.id), ...body });
        return ok(makeHighlight({ id: 9, note: 'Mine', review: true }));
      }),
    );
    renderApp('/books/walden');
    const mark = await waitFor(() => {
      const found = document.querySelector('.reader__body mark');
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.keyDown(mark, { key: 'Enter' });
    const editor = await screen.findByRole('group', { name: 'Edit highlight' });
    const box = within(editor).getByRole('checkbox', { name: 'Add to daily review' });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched).toEqual([{ id: '9', colour: 'yellow', note: 'Mine', review: true }]));
  });

  it('shows visitors nothing new', async () => {
    serveBook(makeVisitorBook({ subid: 'meditations' }));
    renderApp('/books/meditations');
    await screen.findByText('First idea text.');
    selectText(screen.getByText('First idea text.').firstChild!, 0, 5);
    fireEvent.keyDown(document.body, { key: 'h' });
    expect(screen.queryByRole('toolbar', { name: 'Highlight' })).not.toBeInTheDocument();
  });
});
