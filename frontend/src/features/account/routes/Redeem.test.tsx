import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RedeemRequest } from '../api/types';
import { makeRedeemed } from '@/testing/billing-data';
import { makeUser } from '@/testing/data';
import { makeSeat } from '@/testing/delivery-data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function redeemBox() {
  return within(screen.getByRole('region', { name: 'Redeem a code' }));
}

describe('account: redeem a code', () => {
  it('redeems a gift or seat code (trimmed), says until when, and fetches the account again', async () => {
    signIn();
    let accounts = 0;
    let body: RedeemRequest | undefined;
    server.use(
      http.get('/api/user/account', () => {
        accounts += 1;
        return ok({
          user:
            accounts > 1
              ? makeUser({ id: 1, planId: 'gift', paidDate: Date.now() - 1000, endPaidDate: Date.UTC(2099, 5, 30, 12), isPaid: true })
              : makeUser({ id: 1 }),
        });
      }),
      http.post('/api/user/redeem', async ({ request }) => {
        body = await request.json();
        return ok(makeRedeemed());
      }),
    );
    const { user } = renderApp('/account');
    expect(await screen.findByText('Free Plan')).toBeInTheDocument();
    expect(redeemBox().getByRole('link', { name: 'Redeem your StackSocial code' })).toHaveAttribute('href', '/stacksocial');
    await user.type(redeemBox().getByLabelText('Gift or team code'), ' GIFT-CODE-1 ');
    await user.click(redeemBox().getByRole('button', { name: 'Redeem Code' }));
    expect(await redeemBox().findByRole('heading', { name: 'Success!' })).toHaveFocus();
    expect(redeemBox().getByText('Your code has been activated: Premium until June 30, 2099.')).toBeInTheDocument();
    expect(body).toEqual({ code: 'GIFT-CODE-1' });
    // The plan changed: the account is fetched again and shows it.
    expect(await screen.findByTestId('plan-status')).toHaveTextContent('Active');
  });

  it("asks for a code, then shows the server's error", async () => {
    signIn();
    server.use(http.post('/api/user/redeem', () => fail(400, 'This code is invalid or has already been used.', 'invalid_code')));
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Redeem Code' }));
    expect(await redeemBox().findByRole('alert')).toHaveTextContent('Please provide a valid redemption code.');
    await user.type(redeemBox().getByLabelText('Gift or team code'), 'USED');
    await user.click(redeemBox().getByRole('button', { name: 'Redeem Code' }));
    await waitFor(() => expect(redeemBox().getByRole('alert')).toHaveTextContent('This code is invalid or has already been used.'));
  });

  it('links to the team page only for members who bought seats', async () => {
    signIn();
    const first = renderApp('/account');
    expect(await screen.findByRole('link', { name: 'Reading preferences' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Free Plan')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Your team seats' })).not.toBeInTheDocument();
    first.unmount();

    server.use(http.get('/api/teams/seats', () => ok({ seats: [makeSeat({ id: 1 })] })));
    renderApp('/account');
    expect(await screen.findByRole('link', { name: 'Your team seats' })).toHaveAttribute('href', '/teams/manage');
  });
});
