import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AiSummaryDetail } from '../api/types';
import { makeAiSummaryDetail } from '@/testing/ai-data';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function paidMember(answer: () => Response) {
  signIn();
  server.use(
    http.get('/api/user/account', () => ok({ user: makeUser({ id: 1, isPaid: true, paidDate: 1, planId: 'lifetime' }) })),
    http.get('/api/ai/summaries/{id}', answer),
  );
}

const withSummary = (summary: AiSummaryDetail) => () => ok({ summary });

/** The section on show: its heading (level 2, inside the article). */
const sectionHeading = () => within(screen.getByRole('article')).getByRole('heading', { level: 2 });

describe('/ai/summaries/:id', () => {
  it('sends visitors to log in and members who have not paid to /pricing', async () => {
    const first = renderApp('/ai/summaries/7');
    await waitFor(() => expect(currentUrl(first.router)).toBe('/login?redirect=%2Fai%2Fsummaries%2F7'));
    first.unmount();

    signIn();
    const second = renderApp('/ai/summaries/7');
    await waitFor(() => expect(currentUrl(second.router)).toBe('/pricing'));
  });

  it('reads the summary one section at a time: Next, Previous, the arrow keys and the contents', async () => {
    paidMember(withSummary(makeAiSummaryDetail({ id: 7, title: 'The Habit Loop', source: 'habits.pdf' }, 3)));
    const { user } = renderApp('/ai/summaries/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'The Habit Loop' })).toBeInTheDocument();
    expect(screen.getByText('habits.pdf')).toBeInTheDocument();
    expect(sectionHeading()).toHaveTextContent('Key idea 1');
    // The section's HTML as the server sent it (sanitised there).
    expect(screen.getByText('idea 1', { selector: 'strong' })).toBeInTheDocument();
    const position = screen.getByTestId('ai-reader-position');
    expect(position).toHaveTextContent(/^1\/3Section 1 of 3$/);
    expect(screen.getByRole('progressbar', { name: 'Reading progress' })).toHaveAttribute('aria-valuetext', 'Section 1 of 3');
    const pager = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(pager).getByRole('button', { name: /Previous/ })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(sectionHeading()).toHaveTextContent('Key idea 2');
    expect(screen.getByText('idea 2', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByText('idea 1', { selector: 'strong' })).not.toBeInTheDocument();
    expect(position).toHaveTextContent(/^2\/3Section 2 of 3$/);
    expect(screen.getByText('Section 2 of 3: Key idea 2')).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(sectionHeading()).toHaveTextContent('Key idea 3');
    expect(within(pager).getByRole('button', { name: /Next/ })).toBeDisabled();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(sectionHeading()).toHaveTextContent('Key idea 3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(sectionHeading()).toHaveTextContent('Key idea 2');

    const contents = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(within(contents).getByRole('button', { name: /Key idea 2/ })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByText('Contents'));
    await user.click(within(contents).getByRole('button', { name: /Key idea 1/ }));
    expect(sectionHeading()).toHaveTextContent('Key idea 1');
    expect(sectionHeading()).toHaveFocus();
    expect(within(contents).getByRole('button', { name: /Key idea 1/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: /My summaries/ })).toHaveAttribute('href', '/ai');
  });

  it('waits for a job still at work, and opens the summary when done', async () => {
    let asked = 0;
    paidMember(() => {
      asked += 1;
      return ok({ summary: makeAiSummaryDetail({ status: asked === 1 ? 'summarising' : 'done' }, 2) });
    });
    renderApp('/ai/summaries/7');
    expect(await screen.findByText('Not ready yet: Summarising…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Key idea 1' }, { timeout: 4500 })).toBeInTheDocument();
    expect(screen.getByTestId('ai-reader-position')).toHaveTextContent(/^1\/2/);
  });

  it("shows a failed job's reason, and a summary that is not there", async () => {
    paidMember(withSummary(makeAiSummaryDetail({ status: 'failed', title: '', source: 'scan.pdf', error: 'We could not find any text in this file.' })));
    const first = renderApp('/ai/summaries/7');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find any text in this file.');
    expect(screen.getByRole('heading', { level: 1, name: 'scan.pdf' })).toBeInTheDocument();
    first.unmount();

    server.use(http.get('/api/ai/summaries/{id}', () => fail(404, 'This summary was not found.', 'not_found')));
    renderApp('/ai/summaries/8');
    expect(await screen.findByRole('alert')).toHaveTextContent('This summary was not found.');
    expect(screen.getByRole('link', { name: 'Back to the AI summariser' })).toHaveAttribute('href', '/ai');
  });
});
