import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { renderWithRouter } from '@/testing/render';
import { SubscriptionCard } from './SubscriptionCard';

/** The card shows Premium when the server says the member has it (`isPaid`), whatever the dates say. */
describe('SubscriptionCard', () => {
  const now = Date.UTC(2026, 0, 15);

  it('shows the Free Plan to a member without a paid date', () => {
    renderWithRouter(<SubscriptionCard user={makeUser({ paidDate: 0, isPaid: false })} now={now} />);
    expect(screen.getByText('Free Plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/try');
  });

  it('shows a lifetime plan the server calls paid', () => {
    renderWithRouter(<SubscriptionCard user={makeUser({ planId: 'lifetime', paidDate: now - 1000, endPaidDate: null, isPaid: true })} now={now} />);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByTestId('plan-end')).toHaveTextContent('Lifetime');
  });

  it('shows the end of a paid plan that ends', () => {
    const end = Date.UTC(2026, 1, 1, 12);
    renderWithRouter(<SubscriptionCard user={makeUser({ planId: 'gift', paidDate: now - 1000, endPaidDate: end, isPaid: true })} now={now} />);
    expect(screen.getByTestId('plan-name')).toHaveTextContent('Premium (gift)');
    expect(screen.getByTestId('plan-end')).toHaveTextContent('February 1, 2026');
  });

  it("follows the server when its dates would say otherwise (the server's clock and rules decide)", () => {
    renderWithRouter(<SubscriptionCard user={makeUser({ planId: 'monthly', paidDate: now - 1000, endPaidDate: now + 86_400_000, isPaid: false })} now={now} />);
    expect(screen.getByText('Free Plan')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-name')).toBeNull();
  });
});
