import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedbackRequest } from '../api/types';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function feedbackServer() {
  const sent: FeedbackRequest[] = [];
  server.use(
    http.post('/api/feedback/send', async ({ request }) => {
      sent.push(await request.json());
      return ok({});
    }),
  );
  return sent;
}

describe('/feedback-form', () => {
  it("needs the feedback and an e-mail ('Please input the required fields.'), then says 'Your feedback was submitted.'", async () => {
    const sent = feedbackServer();
    const { user } = renderApp('/feedback-form');
    expect(await screen.findByRole('heading', { level: 1, name: 'What do you think?' })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send Feedback' });

    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please input the required fields.');
    expect(screen.getByRole('textbox', { name: 'Your feedback' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), 'The audio player is lovely.');
    await user.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('Please input the required fields.');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'reader@example.com');
    await user.click(send);
    expect(await screen.findByRole('heading', { name: 'Your feedback was submitted.' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ feedback: 'The audio player is lovely.', email: 'reader@example.com', website: '' }]);
  });

  it("starts with a signed-in member's e-mail", async () => {
    signIn();
    server.use(http.get('/api/user/session', () => ok({ user: makeUser({ id: 1, email: 'member@example.com' }) })));
    const sent = feedbackServer();
    const { user } = renderApp('/feedback-form');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('member@example.com'));
    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), 'More history books, please.');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByRole('heading', { name: 'Your feedback was submitted.' })).toBeInTheDocument();
    expect(sent[0]).toEqual({ feedback: 'More history books, please.', email: 'member@example.com', website: '' });
  });

  it("shows the server's error", async () => {
    server.use(http.post('/api/feedback/send', () => fail(429, 'You have sent too many messages. Please try again in an hour.', 'rate_limited')));
    const { user } = renderApp('/feedback-form');
    await user.type(await screen.findByRole('textbox', { name: 'Your feedback' }), 'Hi');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent too many messages. Please try again in an hour.');
    expect(screen.getByLabelText('Leave this field empty')).toHaveAttribute('tabindex', '-1');
  });
});
