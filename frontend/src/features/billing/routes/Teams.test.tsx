import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, signIn } from '@/testing/render';

describe('/teams', () => {
  it('says who it is for, prices a seat from the server and totals the seats as typed', async () => {
    const { user } = renderApp('/teams');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gistbook for teams' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Who it is for' })).toBeInTheDocument();
    expect(await screen.findByTestId('seat-price')).toHaveTextContent('$29.99');
    const seats = screen.getByLabelText('Number of seats');
    expect(seats).toHaveValue(20);
    await waitFor(() => expect(screen.getByTestId('seats-total')).toHaveTextContent('20 seats: $599.80'));
    await user.clear(seats);
    await user.type(seats, '40');
    await waitFor(() => expect(screen.getByTestId('seats-total')).toHaveTextContent('40 seats: $1,199.60'));
    // Visitors are not offered the team page.
    expect(screen.queryByRole('link', { name: 'Manage your team' })).not.toBeInTheDocument();
  });

  it("refuses fewer than 20 seats with the spec's message, then goes to the checkout with the quantity", async () => {
    const { user, router } = renderApp('/teams');
    const seats = await screen.findByLabelText('Number of seats');
    await user.clear(seats);
    await user.type(seats, '5');
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a quantity >= 20');
    expect(currentUrl(router)).toBe('/teams');

    await user.clear(seats);
    await user.type(seats, '250');
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a quantity from 1 to 200.');

    await user.clear(seats);
    await user.type(seats, '35');
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/bulk?quantity=35'));
  });

  it('links signed-in members to their team', async () => {
    signIn();
    renderApp('/teams');
    expect(await screen.findByRole('link', { name: 'Manage your team' })).toHaveAttribute('href', '/teams/manage');
  });
});
