import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

describe('affiliate landing page (/affiliate, /refer)', () => {
  it.each(['/affiliate', '/refer'])('%s shows the hero, the benefits, the steps and Get Started to /invite, signed out', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Earn 10% with the Gistbook Affiliate Program' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/invite');

    const benefits = screen.getByRole('region', { name: 'What you get' });
    for (const name of ['10% commission', 'Your own dashboard', 'Monthly payouts', 'Marketing help']) {
      expect(within(benefits).getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(within(benefits).getByText(/monthly, yearly and lifetime plans, gifts and team seats/)).toBeInTheDocument();

    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('heading').textContent),
    ).toEqual(['Apply', 'Get your link', 'Share it', 'Earn']);
    await waitFor(() => expect(document.title).toBe('Affiliate Program · Gistbook'));
  });

  it("is where the footer's 'Affiliate Program' link leads", async () => {
    const { user, router } = renderApp('/about');
    const footer = await screen.findByRole('contentinfo');
    const link = within(footer).getByRole('link', { name: 'Affiliate Program' });
    expect(link).toHaveAttribute('href', '/refer');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: /Earn 10%/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/refer');
  });
});
