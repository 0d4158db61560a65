import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AiSummary, AiSummaryDetail, AiSummaryStatus } from '../api/types';
import { makeAiSummary, makeAiSummaryDetail } from '@/testing/ai-data';
import { makeUser } from '@/testing/data';
import { fail, http, notLoggedIn, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

/** The account and summary calls of a paid member (who signs in some other way). */
function servePaidMember(summaries: AiSummary[] = []) {
  server.use(
    http.get('/api/user/account', () => ok({ user: makeUser({ id: 1, isPaid: true, paidDate: 1, planId: 'lifetime' }) })),
    http.get('/api/ai/summaries', () => ok({ summaries })),
  );
}

function paidMember(summaries: AiSummary[] = []) {
  signIn();
  servePaidMember(summaries);
}

/** GET /api/ai/summaries/{id} answers these statuses in turn, the last one from then on. */
function jobGoesThrough(statuses: AiSummaryStatus[], last: Partial<AiSummaryDetail> = {}) {
  let asked = 0;
  server.use(
    http.get('/api/ai/summaries/{id}', () => {
      const status = statuses[Math.min(asked, statuses.length - 1)];
      asked += 1;
      const final = asked >= statuses.length ? last : {};
      return ok({ summary: makeAiSummaryDetail({ status, ...final }) });
    }),
  );
  return { asked: () => asked };
}

const POLLED = { timeout: 4500 };

describe('/ai', () => {
  it('shows visitors the form and asks them to log in to summarize, then brings them back', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/user/account', () => {
        asked.push('account');
        return notLoggedIn();
      }),
      http.get('/api/ai/summaries', () => {
        asked.push('summaries');
        return notLoggedIn();
      }),
    );
    const { user, router } = renderApp('/ai');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI summariser' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/ai');
    expect(screen.getByLabelText('Link')).toBeDisabled();
    expect(screen.getByLabelText('File')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Summarize' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My summaries' })).not.toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Log in to summarize' });
    expect(login).toHaveAttribute('href', '/login?redirect=%2Fai');
    // Nothing of a member's is asked for a visitor (a 401 would end on the login page).
    expect(asked).toEqual([]);

    await user.click(login);
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fai'));
    servePaidMember();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/ai'));
    expect(await screen.findByRole('button', { name: 'Summarize' })).toBeEnabled();
    expect(screen.getByLabelText('Link')).toBeEnabled();
  });

  it('sends members who have not paid to /pricing', async () => {
    signIn();
    const { router } = renderApp('/ai');
    await waitFor(() => expect(currentUrl(router)).toBe('/pricing'));
  });

  it('takes a link or a file, never both, and checks them before sending', async () => {
    paidMember();
    let sent = 0;
    server.use(
      http.post('/api/ai/url', () => {
        sent += 1;
        return ok({ summary: makeAiSummary() });
      }),
    );
    const { user } = renderApp('/ai');
    const link = await screen.findByLabelText('Link');
    const file = screen.getByLabelText('File');
    const summarize = screen.getByRole('button', { name: 'Summarize' });

    await user.click(summarize);
    // Member spec §5, word for word.
    expect(screen.getByRole('alert')).toHaveTextContent(/Please select a file or url$/);

    await user.type(link, 'example.com/article');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(file).toBeDisabled();
    expect(screen.getByText('Clear the link to choose a file instead.')).toBeInTheDocument();
    await user.click(summarize);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid link starting with http:// or https://.');
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(/Please enter a valid link/);

    await user.clear(link);
    expect(file).toBeEnabled();
    const big = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(file, big);
    expect(link).toBeDisabled();
    expect(screen.getByText('Clear the file to use a link instead.')).toBeInTheDocument();
    expect(screen.getByText(/^big\.pdf/)).toHaveTextContent('big.pdf (20.0 MB)');
    await user.click(summarize);
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 20 MB.');
    expect(file).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Clear the file' }));
    expect(link).toBeEnabled();
    expect(file).toBeEnabled();
    expect(screen.queryByText(/^big\.pdf/)).not.toBeInTheDocument();
    expect(sent).toBe(0);
  });

  it('uploads a file as multipart and follows the job to the end', async () => {
    paidMember();
    let received: { type: string; text: string; contentType: string } | null = null;
    server.use(
      http.post('/api/ai/file', async ({ request }) => {
        const contentType = request.headers.get('content-type') ?? '';
        const part = (await request.formData()).get('file');
        if (part && typeof part === 'object') received = { type: part.type, text: await part.text(), contentType };
        return ok({ summary: makeAiSummary({ status: 'queued', title: '', source: 'habits.pdf', sectionCount: 0 }) });
      }),
    );
    jobGoesThrough(['extracting', 'summarising', 'done']);
    const { user } = renderApp('/ai');
    await user.upload(await screen.findByLabelText('File'), new File(['%PDF-1.4 habits'], 'habits.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Summarize' }));

    const progress = await screen.findByRole('list', { name: 'Progress' });
    expect(received).toEqual({
      type: 'application/pdf',
      text: '%PDF-1.4 habits',
      contentType: expect.stringMatching(/^multipart\/form-data; boundary=/) as string,
    });
    // A file is not fetched: queued, extracting, summarising, done.
    const steps = within(progress)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual(['Queued', 'Extracting the text', 'Summarising', 'Done'].map((label) => expect.stringContaining(label) as string));
    expect(within(progress).queryByText('Fetching the page')).not.toBeInTheDocument();
    await waitFor(() => expect(within(progress).getByText('Summarising').closest('li')).toHaveAttribute('aria-current', 'step'), POLLED);
    expect(screen.getByText(/^Step 3 of 4: Summarising/)).toHaveAttribute('aria-live', 'polite');

    const read = await screen.findByRole('link', { name: 'Read the summary' }, POLLED);
    expect(read).toHaveAttribute('href', '/ai/summaries/7');
    expect(screen.getByText('Done: your summary is ready.')).toBeInTheDocument();
    expect(within(progress).getByText('Done').closest('li')).toHaveAttribute('aria-current', 'step');
    // The form is ready for the next one.
    expect(screen.getByLabelText('Link')).toBeEnabled();
    expect(screen.getByLabelText('File')).toHaveValue('');
  });

  it('shows why a job failed', async () => {
    paidMember();
    let body: unknown = null;
    server.use(
      http.post('/api/ai/url', async ({ request }) => {
        body = await request.json();
        return ok({ summary: makeAiSummary({ status: 'queued', title: '', source: 'http://10.0.0.1/page', sectionCount: 0 }) });
      }),
    );
    const reason = 'This link points to a private or local address, which we do not fetch.';
    jobGoesThrough(['fetching', 'failed'], { error: reason, source: 'http://10.0.0.1/page', title: '' });
    const { user } = renderApp('/ai');
    await user.type(await screen.findByLabelText('Link'), '  http://10.0.0.1/page ');
    await user.click(screen.getByRole('button', { name: 'Summarize' }));

    expect(await screen.findByRole('alert', {}, POLLED)).toHaveTextContent(reason);
    expect(body).toEqual({ url: 'http://10.0.0.1/page' });
    const progress = screen.getByRole('list', { name: 'Progress' });
    // A link is fetched first; the job stopped there.
    expect(within(progress).getByText('Fetching the page').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('The summary could not be made.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Read the summary' })).not.toBeInTheDocument();
  });

  it("shows the server's refusals in an alert", async () => {
    paidMember();
    server.use(http.post('/api/ai/url', () => fail(429, 'You have made 20 summaries today. You can make more tomorrow.', 'throttled')));
    const { user } = renderApp('/ai');
    await user.type(await screen.findByLabelText('Link'), 'https://example.com/a');
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have made 20 summaries today.');
    expect(screen.getByLabelText('Link')).toHaveValue('https://example.com/a');

    server.use(http.post('/api/ai/file', () => fail(400, 'Please choose a PDF, EPUB, HTML or plain-text file.', 'bad_file')));
    await user.clear(screen.getByLabelText('Link'));
    await user.upload(screen.getByLabelText('File'), new File(['not really'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please choose a PDF, EPUB, HTML or plain-text file.'));

    server.use(http.post('/api/ai/file', () => fail(403, 'The AI summariser is for Premium members.', 'premium_required')));
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The AI summariser is for Premium members.'));
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  });

  it("says the spec's unexpected-error text when the server gives no reason", async () => {
    paidMember();
    server.use(http.post('/api/ai/url', ({ response }) => response.untyped(new HttpResponse('<html>Bad gateway</html>', { status: 502 }))));
    const { user } = renderApp('/ai');
    await user.type(await screen.findByLabelText('Link'), 'https://example.com/a');
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    // Member spec §8, word for word.
    expect(await screen.findByRole('alert')).toHaveTextContent(/There was an unexpected error\. Try again later\.$/);

    server.use(http.post('/api/ai/url', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/There was an unexpected error\. Try again later\.$/));
  });

  it('says the unexpected-error text for a job that failed without a reason', async () => {
    paidMember();
    server.use(http.post('/api/ai/url', () => ok({ summary: makeAiSummary({ status: 'queued', title: '', sectionCount: 0 }) })));
    jobGoesThrough(['fetching', 'failed'], { error: null });
    const { user } = renderApp('/ai');
    await user.type(await screen.findByLabelText('Link'), 'https://example.com/a');
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    expect(await screen.findByRole('alert', {}, POLLED)).toHaveTextContent(/There was an unexpected error\. Try again later\.$/);
  });

  it('lists my summaries, opens the finished ones and deletes with a confirmation', async () => {
    const done = makeAiSummary({ id: 7, title: 'The Habit Loop', source: 'habits.pdf' });
    const failed = makeAiSummary({
      id: 8,
      status: 'failed',
      title: '',
      source: 'http://10.0.0.1/',
      error: 'This link points to a private or local address, which we do not fetch.',
      createdAt: '2025-03-05T09:00:00Z',
    });
    const working = makeAiSummary({
      id: 9,
      status: 'summarising',
      title: 'Deep Work notes',
      source: 'https://example.com/deep',
      createdAt: '2025-03-06T09:00:00Z',
    });
    paidMember([working, failed, done]);
    const deleted: string[] = [];
    server.use(
      http.delete('/api/ai/summaries/{id}', ({ params }) => {
        deleted.push(String(params.id));
        return ok({});
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderApp('/ai');

    const list = await screen.findByRole('list', { name: 'My summaries' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Deep Work notes');
    expect(items[0]).toHaveTextContent('https://example.com/deep');
    expect(items[0]).toHaveTextContent('Status: Summarising…');
    expect(within(items[0]).queryByRole('link')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Status: Failed');
    expect(items[1]).toHaveTextContent('private or local address');
    expect(within(items[2]).getByRole('link', { name: 'The Habit Loop' })).toHaveAttribute('href', '/ai/summaries/7');
    expect(items[2]).toHaveTextContent('habits.pdf');
    expect(items[2]).toHaveTextContent('Mar 4, 2025');
    expect(items[2]).toHaveTextContent('Status: Done');

    server.use(http.get('/api/ai/summaries', () => ok({ summaries: [working, failed] })));
    await user.click(within(items[2]).getByRole('button', { name: 'Delete The Habit Loop' }));
    expect(confirm).toHaveBeenCalledWith('Delete the summary “The Habit Loop”? This cannot be undone.');
    expect(deleted).toEqual([]);
    await user.click(within(items[2]).getByRole('button', { name: 'Delete The Habit Loop' }));
    expect(await screen.findByText('The summary “The Habit Loop” was deleted.')).toBeInTheDocument();
    expect(deleted).toEqual(['7']);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'The Habit Loop' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My summaries' })).toHaveFocus();
  });

  it('says when there are no summaries yet', async () => {
    paidMember([]);
    renderApp('/ai');
    expect(await screen.findByText(/No summaries yet/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Progress' })).not.toBeInTheDocument();
  });
});
