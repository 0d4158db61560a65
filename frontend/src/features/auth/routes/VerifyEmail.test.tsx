import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VerifyEmailRequest } from '../api/types';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

const INVALID = 'This confirmation link is invalid, was already used or has expired. Please ask for a new one from your account.';

describe('/verify-email/:code', () => {
  it('confirms the address with the link code on a click, not on opening', async () => {
    const sent: VerifyEmailRequest[] = [];
    server.use(
      http.post('/api/user/verify-email', async ({ request }) => {
        sent.push(await request.json());
        return ok({});
      }),
    );
    const { user } = renderApp('/verify-email/code-123');
    const confirm = await screen.findByRole('button', { name: 'Confirm my e-mail address' });
    expect(sent).toEqual([]);
    await user.click(confirm);
    expect(await screen.findByText('Thank you: your e-mail address is confirmed.')).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'code-123' }]);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says when a link is used or expired, and where a signed-in member asks for a new one', async () => {
    signIn();
    server.use(http.post('/api/user/verify-email', () => fail(400, INVALID, 'invalid_verification_link')));
    const { user } = renderApp('/verify-email/old');
    await user.click(await screen.findByRole('button', { name: 'Confirm my e-mail address' }));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/account');
  });
});
