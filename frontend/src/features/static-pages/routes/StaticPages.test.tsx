import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { renderApp } from '@/testing/render';

/** Every in-page link of the contents list leads to a section of the page, headed as it is listed. */
function expectContentsToMatchSections() {
  const contents = screen.getByRole('navigation', { name: 'On this page' });
  const links = within(contents).getAllByRole('link');
  expect(links.length).toBeGreaterThan(3);
  for (const link of links) {
    const id = link.getAttribute('href')?.replace(/^#/, '') ?? '';
    const section = document.getElementById(id);
    expect(section, id).not.toBeNull();
    expect(within(section!).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent ?? '');
  }
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

describe('static pages', () => {
  it('/about says what Gistbook is and leads to the books and to Premium', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Gistbook' })).toBeInTheDocument();
    expectContentsToMatchSections();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Browse the summaries' })).toHaveAttribute('href', '/books');
    expect(within(main).getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/try');
    expect(within(main).getByRole('link', { name: 'suggest it' })).toHaveAttribute('href', '/suggest');
    // The title is set by an effect after the page renders.
    await waitFor(() => expect(document.title).toBe('About Gistbook · Gistbook'));
  });

  it('/terms covers subscriptions, trials, cancelling, refunds, use, licence, liability and changes', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expectContentsToMatchSections();
    for (const name of [
      'Plans, trials and payment',
      'Cancelling',
      'Refunds',
      'Acceptable use',
      'Our content and your licence',
      'Our responsibility',
      'Changes to these terms',
      'Contact us',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const main = screen.getByRole('main');
    expect(within(main).getByText(/3-day free trial/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'cancellation page' })).toHaveAttribute('href', '/cancel');
    expect(within(main).getAllByRole('link', { name: SUPPORT_EMAIL })[0]).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });

  it('/privacy says what is kept and why, for how long, the cookies, payments and deletion', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expectContentsToMatchSections();
    const main = screen.getByRole('main');
    expect(within(main).getAllByText(/never see or store your full card number/).length).toBeGreaterThan(0);
    const storage = within(main).getByRole('table');
    for (const name of ['Refresh-token cookie', 'isPaid', 'token, tokenDate', 'rId']) {
      expect(within(storage).getByRole('rowheader', { name })).toBeInTheDocument();
    }
    const deletion = document.getElementById('deletion')!;
    expect(within(deletion).getByRole('link', { name: '/account/delete' })).toHaveAttribute('href', '/account/delete');
    expect(within(main).getAllByRole('link', { name: SUPPORT_EMAIL }).length).toBeGreaterThan(0);
  });
});
