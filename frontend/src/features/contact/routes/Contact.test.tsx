import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContactRequest } from '../api/types';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function contactServer() {
  const sent: ContactRequest[] = [];
  server.use(
    http.post('/api/contact', async ({ request }) => {
      sent.push(await request.json());
      return ok({});
    }),
  );
  return sent;
}

describe('/contact', () => {
  it("asks for the name, the e-mail and the message ('Please complete the form.'), then sends them and says 'Message Sent!'", async () => {
    const sent = contactServer();
    const { user } = renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send Message' });

    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please complete the form.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada Reader');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the form.');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    // Whitespace is not a message.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await user.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the form.');
    expect(sent).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'How do I change my plan?');
    await user.click(send);
    const done = await screen.findByRole('heading', { name: 'Message Sent!' });
    expect(done).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Send Message' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Ada Reader', email: 'ada@example.com', body: 'How do I change my plan?', kind: 'contact', website: '' }]);
  });

  it('checks the e-mail address before sending', async () => {
    const sent = contactServer();
    const { user } = renderApp('/contact');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada at example');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal (too many messages) and keeps what was typed", async () => {
    server.use(http.post('/api/contact', () => fail(429, 'You have sent too many messages. Please try again in an hour.', 'rate_limited')));
    const { user } = renderApp('/contact');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello again');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent too many messages. Please try again in an hour.');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello again');
    expect(screen.queryByRole('heading', { name: 'Message Sent!' })).not.toBeInTheDocument();
  });

  it('has a honeypot people never see or reach, and sends what a robot put in it', async () => {
    const sent = contactServer();
    const { user } = renderApp('/contact');
    await screen.findByRole('textbox', { name: 'Name' });
    // Hidden from the accessibility tree: not a textbox anyone is offered.
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).not.toBeInTheDocument();
    const trap = screen.getByLabelText('Leave this field empty');
    expect(trap).toHaveAttribute('name', 'website');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();

    // Tabbing goes from the message straight to the button.
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send Message' })).toHaveFocus();

    await user.type(trap, 'https://spam.example');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Bot');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'bot@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Buy now');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.website).toBe('https://spam.example');
  });

  it("fills in a signed-in member's name and e-mail", async () => {
    signIn();
    server.use(http.get('/api/user/session', () => ok({ user: makeUser({ id: 1, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }) })));
    const sent = contactServer();
    const { user } = renderApp('/contact');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('grace@example.com'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace Hopper');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('heading', { name: 'Message Sent!' })).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', kind: 'contact' });
  });
});

describe('/suggest', () => {
  it("sends the suggestion as kind 'suggest' and thanks the reader", async () => {
    const sent = contactServer();
    const { user } = renderApp('/suggest');
    expect(await screen.findByRole('heading', { level: 1, name: 'Suggest a Book' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please complete the form.');
    expect(screen.getByRole('textbox', { name: 'Which book should we summarise?' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Which book should we summarise?' }), 'Thinking, Fast and Slow by Daniel Kahneman');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('heading', { name: 'Thanks for the message!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(sent).toEqual([{ name: 'Ada', email: 'ada@example.com', body: 'Thinking, Fast and Slow by Daniel Kahneman', kind: 'suggest', website: '' }]);
  });
});
