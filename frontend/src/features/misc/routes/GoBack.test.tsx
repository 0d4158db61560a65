import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { SIGN_IN_ORIGINS } from '@/testing/handlers';
import { safeGoBackUrl } from './GoBack';

describe('safeGoBackUrl', () => {
  it('follows same-site paths and the configured providers, nothing else', () => {
    expect(safeGoBackUrl('/account', SIGN_IN_ORIGINS)).toBe('/account');
    expect(safeGoBackUrl('https://accounts.google.com/o/oauth2/auth?x=1', SIGN_IN_ORIGINS)).toBe('https://accounts.google.com/o/oauth2/auth?x=1');
    expect(safeGoBackUrl('https://evil.example/phish', SIGN_IN_ORIGINS)).toBeNull();
    expect(safeGoBackUrl('https://accounts.google.com.evil.example/', SIGN_IN_ORIGINS)).toBeNull();
    expect(safeGoBackUrl('http://accounts.google.com/', SIGN_IN_ORIGINS)).toBeNull();
    expect(safeGoBackUrl('javascript:alert(1)', SIGN_IN_ORIGINS)).toBeNull();
    expect(safeGoBackUrl('//evil.example', SIGN_IN_ORIGINS)).toBeNull();
    expect(safeGoBackUrl('https://accounts.google.com/', [])).toBeNull();
    expect(safeGoBackUrl(null, SIGN_IN_ORIGINS)).toBeNull();
  });
});

describe('/goback', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves for a configured provider', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderApp(`/goback?goback=${encodeURIComponent('https://accounts.google.com/auth?state=s')}&redirect=%2Faccount`);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/auth?state=s'));
  });

  it('refuses to send the browser to another site', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderApp(`/goback?goback=${encodeURIComponent('https://evil.example/login')}`);
    expect(await screen.findByRole('heading', { name: 'Nothing to go back to' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});
