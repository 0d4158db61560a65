import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The account menu is a lazy chunk, and once anything in this worker has loaded it, later renders
// no longer show the placeholder: the test takes the app's modules afresh (React and the other
// packages stay shared), so what earlier test files loaded does not count.
describe('signed-in header', () => {
  it('keeps the account button’s place in the header while its code loads', async () => {
    vi.resetModules();
    const { renderApp, signIn } = await import('@/testing/render');
    signIn();
    renderApp('/');
    // First render: the signed-in menu is a lazy chunk, so a placeholder with the button's boxes
    // (the classes that size it) holds its place; it is not a control yet.
    const header = screen.getByRole('banner');
    const placeholder = header.querySelector('.user-menu__button--placeholder');
    expect(placeholder).not.toBeNull();
    expect(placeholder).toHaveClass('user-menu__button');
    expect(placeholder?.querySelector('.user-menu__avatar')).not.toBeNull();
    expect(placeholder?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(header).queryByRole('button', { name: 'My Account' })).not.toBeInTheDocument();
    // Then the real button, with the same classes, takes its place.
    const button = await within(header).findByRole('button', { name: 'My Account' });
    expect(button).toHaveClass('user-menu__button');
    expect(header.querySelector('.user-menu__button--placeholder')).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});
