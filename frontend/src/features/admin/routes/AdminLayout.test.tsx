import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminAccess, forbidden } from '@/testing/admin-data';
import { fail, http } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('the admin guard', () => {
  it('sends a visitor to sign up, coming back afterwards', async () => {
    const { router } = renderApp('/admin/users?q=ada');
    await screen.findByRole('heading', { level: 1 });
    expect(currentUrl(router)).toBe(`/signup?redirect=${encodeURIComponent('/admin/users?q=ada')}`);
  });

  it('shows a member the 403 page, and calls no admin API', async () => {
    signIn();
    let adminCalled = false;
    server.use(
      http.get('/api/admin/user/{start}', () => {
        adminCalled = true;
        return forbidden();
      }),
    );
    renderApp('/admin/users');
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
    expect(adminCalled).toBe(false);
  });

  it('sends an admin without two-factor to turn it on', async () => {
    signIn();
    server.use(...adminAccess({ twoFactor: false }));
    renderApp('/admin/stats');
    expect(await screen.findByText('The back office needs two-factor sign-in on your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Security settings' })).toHaveAttribute('href', '/account/security');
  });

  it('turns a 403 mfa_required answer of an admin call into the same page', async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/api/admin/user/{start}', () => fail(403, 'Turn on two-factor sign-in first.', 'mfa_required')),
    );
    renderApp('/admin/users');
    expect(await screen.findByText('The back office needs two-factor sign-in on your account.')).toBeInTheDocument();
  });

  it('asks an admin whose session did not pass two-factor to log in again with a code', async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/api/admin/user/{start}', () => fail(403, 'This session signed in without your two-factor code.', 'mfa_session_required')),
    );
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in again with your code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('turns a 403 forbidden answer of an admin call into the 403 page', async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/api/admin/books/', () => forbidden()),
    );
    renderApp('/admin/books-list');
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
  });

  it('shows an admin the back office with a link to every screen of it', async () => {
    signIn();
    server.use(...adminAccess());
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Overview', '/admin'],
      ['Members', '/admin/users'],
      ['Books', '/admin/books-list'],
      ['Podcasts', '/admin/podcasts'],
      ['Goals', '/admin/goals'],
      ['Blog', '/admin/blog-list'],
      ['Insights', '/admin/insights'],
      ['Collections', '/admin/collections'],
      ['Visuals', '/admin/visuals'],
      ['Messages', '/admin/messages'],
      ['Affiliates', '/admin/affiliates'],
      ['Coupons', '/admin/coupons'],
      ['Plans', '/admin/plans'],
      ['Stats', '/admin/stats'],
      ['Audit log', '/admin/audit'],
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Back office' })).toBeInTheDocument();
    // The overview links every screen too.
    const main = screen.getByRole('list', { name: 'Back office screens' });
    expect(within(main).getByRole('link', { name: 'Podcasts' })).toHaveAttribute('href', '/admin/podcasts');
    expect(within(main).getByRole('link', { name: 'Visuals' })).toHaveAttribute('href', '/admin/visuals');
    expect(within(main).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/admin/messages');
    expect(within(main).getByRole('link', { name: 'Affiliates' })).toHaveAttribute('href', '/admin/affiliates');
    expect(within(main).getByRole('link', { name: 'Coupons' })).toHaveAttribute('href', '/admin/coupons');
    expect(within(main).getByRole('link', { name: 'Plans' })).toHaveAttribute('href', '/admin/plans');
  });

  it("marks a screen's add, edit and upload pages as that screen in the navigation", async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/api/admin/podcasts/{id}', () => forbidden()),
    );
    renderApp('/admin/podcast-media/3');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Podcasts' })).toHaveClass('admin-nav__link--active');
    expect(within(nav).getByRole('link', { name: 'Books' })).not.toHaveClass('admin-nav__link--active');
  });

  it('has a back-office link in an admin’s user menu only', async () => {
    signIn();
    server.use(...adminAccess());
    const { user, unmount } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: /My Account/ }));
    expect(await screen.findAllByRole('link', { name: 'Back office' })).not.toHaveLength(0);
    unmount();

    // The default fake server's member is no admin.
    server.resetHandlers();
    const member = renderApp('/account');
    await member.user.click(await screen.findByRole('button', { name: /My Account/ }));
    expect(await screen.findAllByRole('link', { name: 'Logout' })).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Back office' })).not.toBeInTheDocument();
  });
});
