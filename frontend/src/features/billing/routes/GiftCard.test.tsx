import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@/testing/billing-data';
import { http, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('/giftcard', () => {
  it("offers a year of Premium at the server's gift price, linking to the gift card checkout", async () => {
    renderApp('/giftcard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Give a year of great ideas' })).toBeInTheDocument();
    expect(await screen.findByTestId('gift-price')).toHaveTextContent('$44.99');
    expect(screen.getByRole('heading', { level: 2, name: 'Gift: one year of Premium' })).toBeInTheDocument();
    expect(screen.getByText(/never expires/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a gift card' })).toHaveAttribute('href', '/payment/gift?gift=true');
  });

  it('takes the price from the server, not the page', async () => {
    server.use(http.get('/api/plans', () => ok({ plans: PLANS.map((plan) => (plan.kind === 'gift' ? { ...plan, price: 3999 } : plan)) })));
    renderApp('/giftcard');
    expect(await screen.findByTestId('gift-price')).toHaveTextContent('$39.99');
  });
});
