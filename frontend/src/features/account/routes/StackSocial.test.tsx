import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RedeemRequest } from '../api/types';
import { makeRedeemed } from '@/testing/billing-data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('/stacksocial', () => {
  it('sends visitors to sign up and back', async () => {
    const { router } = renderApp('/stacksocial');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Fstacksocial'));
  });

  it('asks for a code before calling the server', async () => {
    signIn();
    let calls = 0;
    server.use(
      http.post('/api/user/stacksocial', () => {
        calls += 1;
        return ok(makeRedeemed());
      }),
    );
    const { user } = renderApp('/stacksocial');
    expect(await screen.findByRole('link', { name: 'Back to your account' })).toHaveAttribute('href', '/account');
    // The page says which codes it takes, and where the others go.
    expect(screen.getByText('StackSocial codes only. A gift card or team code goes in Redeem a code on your account page.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Redemption code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Redeem Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please provide a valid redemption code.');
    expect(calls).toBe(0);
  });

  it('sends the trimmed code, shows Redeeming... meanwhile, then Success! with the way to the account', async () => {
    signIn();
    let body: RedeemRequest | undefined;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/api/user/stacksocial', async ({ request }) => {
        body = await request.json();
        await held;
        return ok(makeRedeemed({ planId: 'stacksocial-ltd', endPaidDate: null }));
      }),
    );
    const { user } = renderApp('/stacksocial');
    await user.type(await screen.findByLabelText('Redemption code'), '  ABCD-1234-EFGH  ');
    await user.click(screen.getByRole('button', { name: 'Redeem Code' }));
    expect(await screen.findByRole('button', { name: 'Redeeming...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Success!' })).toHaveFocus();
    expect(screen.getByText('Your StackSocial code has been activated successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Your Account' })).toHaveAttribute('href', '/account');
    expect(body).toEqual({ code: 'ABCD-1234-EFGH' });
  });

  it("shows the server's error and lets the member try again", async () => {
    signIn();
    server.use(http.post('/api/user/stacksocial', () => fail(400, 'This code is invalid or has already been used.', 'invalid_code')));
    const { user } = renderApp('/stacksocial');
    await user.type(await screen.findByLabelText('Redemption code'), 'USED-CODE');
    await user.click(screen.getByRole('button', { name: 'Redeem Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is invalid or has already been used.');
    expect(screen.getByRole('button', { name: 'Redeem Code' })).toBeEnabled();
  });
});
