import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { captureDownloads, PDF_BYTES, pdfResponse } from '@/testing/delivery-data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

let downloads: ReturnType<typeof captureDownloads> | null = null;
afterEach(() => {
  downloads?.restore();
  downloads = null;
});

describe('/download-pdf/:id/:title', () => {
  it('sends visitors to sign up and back', async () => {
    const { router } = renderApp('/download-pdf/7/walden');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Fdownload-pdf%2F7%2Fwalden'));
  });

  it('downloads the PDF on load with the bearer token, and again on demand', async () => {
    signIn('member-token');
    downloads = captureDownloads();
    const calls: { id: string; auth: string | null }[] = [];
    server.use(
      http.get('/api/books/download-pdf/{id}', ({ params, request }) => {
        calls.push({ id: String(params.id), auth: request.headers.get('Authorization') });
        return pdfResponse('walden.pdf');
      }),
    );
    const { user } = renderApp('/download-pdf/7/walden');
    expect(await screen.findByRole('heading', { level: 1, name: 'Walden' })).toBeInTheDocument();
    expect(await screen.findByText('Your download has started')).toBeInTheDocument();
    expect(calls).toEqual([{ id: '7', auth: 'Bearer member-token' }]);
    expect(downloads.saved.map((d) => d.name)).toEqual(['walden.pdf']);
    expect(await downloads.saved[0].file.text()).toBe(PDF_BYTES);

    await user.click(screen.getByRole('button', { name: 'Download again' }));
    expect(downloads.saved.map((d) => d.name)).toEqual(['walden.pdf', 'walden.pdf']);
    // Saved again from the page: not fetched again.
    expect(calls).toHaveLength(1);
  });

  it('goes to /try when the member may not have the PDF (403)', async () => {
    signIn();
    server.use(http.get('/api/books/download-pdf/{id}', () => fail(403, 'The PDF comes with Premium.', 'premium_only')));
    const { router } = renderApp('/download-pdf/7/walden');
    await waitFor(() => expect(currentUrl(router)).toBe('/try'));
  });

  it('shows other failures with a retry', async () => {
    signIn();
    downloads = captureDownloads();
    let calls = 0;
    server.use(
      http.get('/api/books/download-pdf/{id}', () => {
        calls += 1;
        return calls === 1 ? fail(404, 'There is no such book.', 'not_found') : pdfResponse();
      }),
    );
    const { user } = renderApp('/download-pdf/7/walden');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such book.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your download has started')).toBeInTheDocument();
    expect(downloads.saved.map((d) => d.name)).toEqual(['summary.pdf']);
  });
});

describe('/download-pdf-or/:id/:title', () => {
  it('offers a visitor the single summary at its price, or Premium', async () => {
    server.use(
      http.post('/api/charge/price', () =>
        ok({
          price: 499,
          bookTitle: 'Walden',
          course: null,
          paypalPlan: null,
          plan: {
            id: 'book-7',
            name: 'Walden (PDF)',
            kind: 'book',
            interval: null,
            trialDays: 0,
            price: 499,
            minQuantity: 1,
            maxQuantity: 1,
            purchasable: true,
          },
        }),
      ),
    );
    renderApp('/download-pdf-or/7/walden');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your package' })).toBeInTheDocument();
    expect(await screen.findByTestId('book-price')).toHaveTextContent('$4.99');
    expect(screen.getByRole('link', { name: 'Buy this summary' })).toHaveAttribute('href', '/payment/book-7');
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/try');
    expect(screen.queryByRole('link', { name: 'Download the PDF' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download your PDF' })).not.toBeInTheDocument();
  });

  it('lets a paid member download; Premium includes it, so nothing is sold', async () => {
    signIn();
    server.use(http.get('/api/user/account', () => ok({ user: makeUser({ id: 1, isPaid: true, paidDate: 1, planId: 'lifetime' }) })));
    renderApp('/download-pdf-or/7/walden');
    expect(await screen.findByRole('link', { name: 'Download the PDF' })).toHaveAttribute('href', '/download-pdf/7/walden');
    expect(screen.queryByRole('link', { name: 'Buy this summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });
});
