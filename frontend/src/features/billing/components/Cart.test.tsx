import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeQuote, planById } from '@/testing/billing-data';
import { Cart } from './Cart';

const TRIAL_END = Date.UTC(2026, 10, 26, 12);

describe('Cart', () => {
  it('says a subscription renews at its own price and the add-on is paid today, once', () => {
    render(
      <Cart plan={planById('monthly')!} quote={makeQuote('monthly', 20, 10)} updating={false} quoteError={null} addInfographics={20} trialEndsAt={TRIAL_END} />,
    );
    // (999 + 1099) * 0.9 = 1888 now... of which 999 * 0.9 = 899 renews.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$18.88');
    expect(screen.getByText(/\$9\.89 today for the add-on\. After your .*, \$8\.99 is charged on/)).toBeInTheDocument();
  });

  it('says nothing is paid today during a trial without add-ons', () => {
    render(<Cart plan={planById('yearly')!} quote={makeQuote('yearly')} updating={false} quoteError={null} addInfographics={0} trialEndsAt={TRIAL_END} />);
    expect(screen.getByText(/Nothing to pay today\. After your .*, \$59\.99 is charged on/)).toBeInTheDocument();
  });
});
