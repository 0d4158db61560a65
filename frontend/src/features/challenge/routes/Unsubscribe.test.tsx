import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UnsubscribeRequest } from '../api/types';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { REMINDERS_OFF_MESSAGE } from '../constants';

/** Records the tokens sent and whether a bearer token went with them; a bad link answers 404. */
function recordUnsubscribes(good = true) {
  const sent: UnsubscribeRequest[] = [];
  const bearers: (string | null)[] = [];
  server.use(
    http.post('/api/ten-day-challenge/unsubscribe', async ({ request, response }) => {
      sent.push(await request.json());
      bearers.push(request.headers.get('Authorization'));
      return good ? ok({}) : response.untyped(fail(404, 'This link is no longer valid.', 'not_found'));
    }),
  );
  return { sent, bearers };
}

describe('ten-day challenge reminders: the unsubscribe link (/ten-day-challenge/unsubscribe)', () => {
  it('turns the reminders off once and says so, with a way back to the challenge', async () => {
    const { sent, bearers } = recordUnsubscribes();
    renderApp('/ten-day-challenge/unsubscribe?token=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ten-day challenge reminders' })).toBeInTheDocument();
    const message = await screen.findByText(REMINDERS_OFF_MESSAGE);
    expect(REMINDERS_OFF_MESSAGE).toBe('Reminders are off. You will get no more reminder e-mails for this plan.');
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the ten-day challenge' })).toHaveAttribute('href', '/ten-day-challenge');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent).toEqual([{ token: 'abc123' }]);
    expect(bearers).toEqual([null]);
  });

  it('needs no sign-in: a signed-in member sends the token alone', async () => {
    signIn();
    const { sent, bearers } = recordUnsubscribes();
    renderApp('/ten-day-challenge/unsubscribe?token=member-token');
    expect(await screen.findByText(REMINDERS_OFF_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'member-token' }]);
    expect(bearers).toEqual([null]);
  });

  it("shows the server's message for a link no longer valid", async () => {
    const { sent } = recordUnsubscribes(false);
    renderApp('/ten-day-challenge/unsubscribe?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid.');
    expect(screen.queryByText(REMINDERS_OFF_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the ten-day challenge' })).toHaveAttribute('href', '/ten-day-challenge');
    expect(sent).toEqual([{ token: 'used' }]);
  });

  it('says a link without a token is no longer valid, asking nothing', async () => {
    const { sent } = recordUnsubscribes();
    renderApp('/ten-day-challenge/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid.');
    expect(screen.getByRole('heading', { level: 1, name: 'Ten-day challenge reminders' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([]));
  });
});
