import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

describe('40% off banner', () => {
  it('shows, dismisses, and stays dismissed for the tab session', async () => {
    const first = renderApp('/');
    expect(await screen.findByText('Get 40% off Gistbook Premium — limited time')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claim offer' })).toHaveAttribute('href', '/try');
    await first.user.click(screen.getByRole('button', { name: 'Dismiss offer' }));
    expect(screen.queryByText('Get 40% off Gistbook Premium — limited time')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('40off')).toBe('close');
    first.unmount();

    // A fresh mount (reload) in the same tab session.
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in to Gistbook' })).toBeInTheDocument();
    expect(screen.queryByText('Get 40% off Gistbook Premium — limited time')).not.toBeInTheDocument();
  });

  it('comes back in a new session', async () => {
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Dismiss offer' })).toBeInTheDocument();
  });

  it('is there in the very first render, nothing fetched first (the page below never moves for it)', () => {
    renderApp('/');
    // No await: the first commit already has the banner, with the class that gives it its height.
    const banner = document.querySelector('aside[aria-label="Special offer"]');
    expect(banner).not.toBeNull();
    expect(banner).toHaveClass('offer-banner');
  });
});
