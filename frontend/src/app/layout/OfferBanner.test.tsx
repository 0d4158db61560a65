import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { http, ok } from '@/testing/handlers';
import { server } from '@/testing/server';

const ENDS = Date.UTC(2026, 11, 24, 23, 59);

function offer(overrides: Record<string, unknown> = {}) {
  server.use(http.get('/api/offer', () => ok({ offer: { code: 'WINTER40', percentOff: 40, amountOff: 0, endsAt: ENDS, planIds: [], ...overrides } })));
}

describe('the offer banner', () => {
  it("says the running offer's real amount and last day, and claiming it opens pricing with its coupon", async () => {
    offer();
    const first = renderApp('/');
    expect(await screen.findByText('Get 40% off Gistbook Premium — until December 24')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claim offer' })).toHaveAttribute('href', '/pricing?offer=WINTER40');
    await first.user.click(screen.getByRole('button', { name: 'Dismiss offer' }));
    expect(screen.queryByRole('complementary', { name: 'Special offer' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('40off')).toBe('close');
    first.unmount();

    // A fresh mount (reload) in the same tab session.
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in to Gistbook' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Special offer' })).not.toBeInTheDocument();
  });

  it('comes after the footer, so nothing on the page moves when it appears', async () => {
    offer();
    renderApp('/');
    const banner = await screen.findByRole('complementary', { name: 'Special offer' });
    const footer = screen.getByRole('contentinfo');
    expect(footer.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.nextElementSibling).toBeNull();
  });

  it('names an amount off in dollars, and an offer with no end says none', async () => {
    offer({ percentOff: 0, amountOff: 1000, endsAt: null });
    renderApp('/');
    expect(await screen.findByText('Get $10.00 off Gistbook Premium')).toBeInTheDocument();
  });

  it('is not there without a running offer', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Special offer' })).not.toBeInTheDocument();
  });

  it('is not shown during checkout, nor to a paid member', async () => {
    offer();
    const checkout = renderApp('/payment/monthly');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Special offer' })).not.toBeInTheDocument();
    checkout.unmount();
    document.cookie = 'isPaid=true; path=/';
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Special offer' })).not.toBeInTheDocument();
    document.cookie = 'isPaid=; path=/; max-age=0';
  });
});
