import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/testing/render';

// A file of its own: the account menu is a lazy chunk, and once any test in a file has loaded it,
// later renders in that file no longer show the placeholder.
describe('signed-in header', () => {
  it('keeps the account button’s place in the header while its code loads', async () => {
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
