import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { captureDownloads, PDF_BYTES, pdfResponse } from '@/testing/delivery-data';
import { fail, http, ok } from '@/testing/handlers';
import { makeCounts, makeQuizReport, makeQuizResult, summaryOf } from '@/testing/quiz-data';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import type { QuizAnswers } from '../api/types';

const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0)) step();
});

function storeResults(quiz: string, counts: Record<string, number>) {
  window.sessionStorage.setItem(`quiz-results:${quiz}`, JSON.stringify(counts));
}

/** Records the totals sent for their view (and whether a bearer went along). */
function recordSubmissions(answer?: (counts: Record<string, number>, signedIn: boolean) => ReturnType<typeof makeQuizResult>) {
  const sent: { body: QuizAnswers; signedIn: boolean }[] = [];
  server.use(
    http.post('/api/quiz-results/{quiz}', async ({ request, params }) => {
      const body = await request.json();
      const signedIn = request.headers.has('Authorization');
      sent.push({ body, signedIn });
      const quiz = String(params.quiz) === 'quiz' ? 'quiz' : 'personality-quiz';
      return ok(answer ? answer(body.counts, signedIn) : makeQuizResult(quiz, body.counts, { saved: signedIn }));
    }),
  );
  return sent;
}

const INTELLIGENCE_COUNTS = makeCounts('quiz', { Linguistic: 2, Musical: 2, Spatial: 1, Existential: 1 });

describe('quiz results: the free view', () => {
  it("shows a visitor the session's top intelligences and asks them to log in or sign up to unlock the full report", async () => {
    storeResults('quiz', INTELLIGENCE_COUNTS);
    const sent = recordSubmissions();
    renderApp('/quiz-results');

    expect(await screen.findByRole('heading', { level: 1, name: 'Intelligence Quiz results' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your strongest intelligences' })).toBeInTheDocument();
    expect(sent).toEqual([{ body: { counts: INTELLIGENCE_COUNTS }, signedIn: false }]);
    const tops = screen.getAllByTestId('quiz-top');
    expect(tops.map((top) => within(top).getByRole('heading', { level: 3 }).textContent)).toEqual(['Linguistic', 'Musical']);
    expect(within(tops[0]).getByText('Score: 100%')).toBeInTheDocument();
    expect(within(tops[0]).getByText(summaryOf('Linguistic'))).toBeInTheDocument();

    const upsell = screen.getByRole('region', { name: 'Unlock your full report' });
    expect(within(upsell).getByText(/Log in or sign up first/)).toBeInTheDocument();
    // The price is said before checkout, as the server charges it.
    expect(await within(upsell).findByTestId('report-price')).toHaveTextContent('$4.99');
    expect(within(upsell).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fquiz-results');
    expect(within(upsell).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?redirect=%2Fquiz-results');
    expect(within(upsell).queryByRole('link', { name: 'Get your full report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download report (PDF)' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the quiz again' })).toHaveAttribute('href', '/quiz');
  });

  it('logs the visitor in and back here: the results are sent again signed in, kept, and the report is for sale', async () => {
    storeResults('quiz', INTELLIGENCE_COUNTS);
    const sent = recordSubmissions();
    const { user, router } = renderApp('/quiz-results');
    const upsell = await screen.findByRole('region', { name: 'Unlock your full report' });
    await user.click(within(upsell).getByRole('link', { name: 'Log in' }));
    expect(await screen.findByText('Log in to continue.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/quiz-results'));
    expect(await screen.findByText('These results are kept on your account.')).toBeInTheDocument();
    expect(sent.map((entry) => entry.signedIn)).toEqual([false, true]);
    const forMember = screen.getByRole('region', { name: 'Unlock your full report' });
    expect(within(forMember).getByRole('link', { name: 'Get your full report' })).toHaveAttribute('href', '/payment/quiz-results');
    expect((await within(forMember).findByTestId('report-price')).parentElement).toHaveTextContent('$4.99 one-time payment');
    expect(within(forMember).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('shows a member without session results the ones kept on the server (GET), or the way to the quiz', async () => {
    signIn();
    let kept = 0;
    server.use(
      http.get('/api/quiz-results/{quiz}', () => {
        kept += 1;
        return ok(makeQuizResult('quiz', makeCounts('quiz', { Naturalistic: 1 }), { saved: true }));
      }),
    );
    const sent = recordSubmissions();
    const { unmount } = renderApp('/quiz-results');
    const tops = await screen.findAllByTestId('quiz-top');
    expect(tops.map((top) => within(top).getByRole('heading', { level: 3 }).textContent)).toEqual(['Naturalistic']);
    expect(screen.getByRole('heading', { level: 2, name: 'Your strongest intelligence' })).toBeInTheDocument();
    expect(within(tops[0]).getByText('Score: 50%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get your full report' })).toHaveAttribute('href', '/payment/quiz-results');
    expect(kept).toBe(1);
    expect(sent).toEqual([]);
    unmount();

    // Not taken on any device (404).
    server.use(http.get('/api/quiz-results/{quiz}', () => fail(404, 'You have not taken this quiz yet.')));
    renderApp('/personality-quiz-results');
    expect(await screen.findByRole('heading', { level: 2, name: 'No results yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the quiz' })).toHaveAttribute('href', '/personality-quiz');
  });

  it('offers a visitor without results the quiz, asking the server nothing', async () => {
    const sent = recordSubmissions();
    renderApp('/quiz-results');
    expect(await screen.findByRole('heading', { level: 2, name: 'No results yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the quiz' })).toHaveAttribute('href', '/quiz');
    expect(sent).toEqual([]);
  });

  it("shows the colour the server decided on a personality tie, not the page's own pick", async () => {
    const tie = makeCounts('personality-quiz', { Red: 3, Green: 3, Blue: 1 });
    storeResults('personality-quiz', tie);
    // The server breaks the tie (Red and Green at 3) for Green.
    const sent = recordSubmissions((counts) =>
      makeQuizResult('personality-quiz', counts, { top: [{ name: 'Green', summary: summaryOf('Green'), score: 0.75 }] }),
    );
    renderApp('/personality-quiz-results');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your colour' })).toBeInTheDocument();
    const tops = screen.getAllByTestId('quiz-top');
    expect(tops).toHaveLength(1);
    expect(within(tops[0]).getByRole('heading', { level: 3 })).toHaveTextContent('Green');
    expect(within(tops[0]).getByText(summaryOf('Green'))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Red' })).not.toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ counts: tie });
    const upsell = screen.getByRole('region', { name: 'Unlock your full report' });
    expect(within(upsell).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fpersonality-quiz-results');
  });

  it("says what the server has against the session's results", async () => {
    storeResults('quiz', { Unknown: 9 });
    server.use(http.post('/api/quiz-results/{quiz}', () => fail(400, 'These answers do not match the quiz.')));
    renderApp('/quiz-results');
    expect(await screen.findByRole('alert')).toHaveTextContent('These answers do not match the quiz.');
    expect(screen.getByRole('link', { name: 'Take the quiz again' })).toHaveAttribute('href', '/quiz');
  });
});

describe('quiz results: the full report', () => {
  it('shows every type as a bar with its percentage, the descriptions and books, and downloads the PDF', async () => {
    signIn();
    storeResults('quiz', INTELLIGENCE_COUNTS);
    const downloads = captureDownloads();
    undo.push(downloads.restore);
    recordSubmissions((counts) => makeQuizResult('quiz', counts, { saved: true, fullReport: true }));
    let pdfs = 0;
    server.use(
      http.get('/api/quiz-results/{quiz}/report', () => ok(makeQuizReport('quiz', INTELLIGENCE_COUNTS))),
      http.get('/api/quiz-results/{quiz}/report.pdf', () => {
        pdfs += 1;
        return pdfResponse('intelligence-report.pdf');
      }),
    );
    const { user } = renderApp('/quiz-results');

    const report = await screen.findByRole('region', { name: 'Your full report' });
    expect(screen.queryByRole('region', { name: 'Unlock your full report' })).not.toBeInTheDocument();
    expect(within(report).getByText('Taken on March 4, 2026.')).toBeInTheDocument();

    // The chart: a list of every type, highest first, each percentage as text.
    const chart = within(report).getByRole('list', { name: 'Your score for each intelligence' });
    const bars = within(chart).getAllByRole('listitem');
    expect(bars).toHaveLength(9);
    expect(bars.map((bar) => bar.textContent)).toEqual([
      'Linguistic100%',
      'Musical100%',
      'Spatial50%',
      'Existential50%',
      'Logical-Mathematical0%',
      'Bodily-Kinesthetic0%',
      'Interpersonal0%',
      'Intrapersonal0%',
      'Naturalistic0%',
    ]);
    expect(bars[2]?.querySelector('.quiz-bars__fill')).toHaveStyle({ width: '50%' });

    // Each type: its heading, the description's paragraphs and its books.
    const spatial = within(report).getByRole('region', { name: 'Spatial 50%' });
    expect(within(spatial).getByText('1 of 2 statements true')).toBeInTheDocument();
    expect(within(spatial).getByText('What Spatial means.')).toBeInTheDocument();
    expect(within(spatial).getByText('How to use Spatial.')).toBeInTheDocument();
    const books = within(spatial).getByRole('list', { name: 'Books for Spatial' });
    expect(within(books).getByRole('link', { name: /A book for Spatial/ })).toHaveAttribute('href', '/books/book-for-spatial');
    expect(within(report).getAllByTestId('quiz-report-type')).toHaveLength(9);

    await user.click(within(report).getByRole('button', { name: 'Download report (PDF)' }));
    await waitFor(() => expect(downloads.saved.map((file) => file.name)).toEqual(['intelligence-report.pdf']));
    expect(await downloads.saved[0]?.file.text()).toBe(PDF_BYTES);
    expect(pdfs).toBe(1);
  });

  it('says why the PDF did not come', async () => {
    signIn();
    storeResults('personality-quiz', makeCounts('personality-quiz', { Blue: 3 }));
    recordSubmissions((counts) => makeQuizResult('personality-quiz', counts, { saved: true, fullReport: true }));
    server.use(
      http.get('/api/quiz-results/{quiz}/report', () => ok(makeQuizReport('personality-quiz', makeCounts('personality-quiz', { Blue: 3 })))),
      http.get('/api/quiz-results/{quiz}/report.pdf', () => fail(403, 'The full report comes with the quiz results plan.', 'report_not_bought')),
    );
    const { user } = renderApp('/personality-quiz-results');
    const report = await screen.findByRole('region', { name: 'Your full report' });
    const chart = within(report).getByRole('list', { name: 'Your score for each colour' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((bar) => bar.textContent),
    ).toEqual(['Blue100%', 'Red0%', 'Yellow0%', 'Green0%']);
    await user.click(within(report).getByRole('button', { name: 'Download report (PDF)' }));
    expect(await within(report).findByRole('alert')).toHaveTextContent('The full report comes with the quiz results plan.');
  });
});
