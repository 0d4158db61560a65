import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPlanRequest, AdminPlanView } from '../api/types';
import { adminAccess, makeAdminPlan, makeAdminPlans, planFromRequest } from '@/testing/admin-data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

/** The list's column headers, as literals: a renamed column fails the listing test. */
const COLUMNS = ['Plan', 'Kind', 'Price', 'Trial', 'Sold', 'PayPal plan'];
const NOTE =
  "A new price applies to purchases from now on; members who already pay keep their price. A subscription's PayPal plan follows its trial and is found or made through PayPal.";
const SOLD = 'Sold (shown on the pricing pages)';

/** A fake store of plans that answers the list and saves, and records what was sent. */
function planServer(initial: AdminPlanView[] = makeAdminPlans()) {
  const store = initial.map((plan) => ({ ...plan }));
  const sent: { id: string; body: AdminPlanRequest }[] = [];
  server.use(
    ...adminAccess(),
    http.get('/api/admin/plans', () => ok({ plans: store.map((plan) => ({ ...plan })) })),
    http.put('/api/admin/plans/{id}', async ({ params, request }) => {
      const body = await request.json();
      sent.push({ id: String(params.id), body });
      const index = store.findIndex((plan) => plan.id === String(params.id));
      if (index === -1) return fail(404, 'Plan not found.', 'not_found');
      if (!body.reason?.trim()) return fail(400, 'Please give a reason for the change.', 'invalid');
      const after = planFromRequest(body, store[index]);
      store[index] = after;
      return ok({ plan: { ...after } });
    }),
  );
  return sent;
}

/** The text of a row's cells, the plan cell included. */
function cells(row: HTMLElement): string[] {
  return Array.from(row.querySelectorAll('th, td'), (item) => item.textContent ?? '');
}

describe('/admin/plans', () => {
  it('lists the plans with their prices, trials, whether they are sold and their PayPal plans', async () => {
    signIn();
    planServer([
      makeAdminPlan({ id: 'monthly' }),
      makeAdminPlan({ id: 'yearly', trialDays: 0, paypalPlan: null }),
      makeAdminPlan({ id: 'lifetime', active: false, purchasable: false }),
    ]);
    renderApp('/admin/plans');

    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' })).toBeInTheDocument();
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(COLUMNS);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cells(row).slice(1))).toEqual([
      ['subscription (month)', '$9.99 / month', '3 days', 'Yes', 'P-MONTHLY-3D'],
      ['subscription (year)', '$59.99 / year', 'None', 'Yes', '—'],
      ['lifetime', '$149.99', '—', 'No', '—'],
    ]);
    expect(cells(rows[0])[0]).toContain('Premium Monthly');
    expect(cells(rows[0])[0]).toContain('monthly');
    expect(screen.getByRole('link', { name: 'Edit Premium Monthly' })).toHaveAttribute('href', '/admin/plans/monthly');
    expect(screen.getByRole('link', { name: 'Edit Premium Lifetime' })).toHaveAttribute('href', '/admin/plans/lifetime');
    expect(screen.getByRole('region', { name: 'Plans' })).toHaveAttribute('tabindex', '0');
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Plans' })).toHaveClass('admin-nav__link--active');
  });

  it('lists the default plans without the single-book plan, cheapest first', async () => {
    signIn();
    server.use(...adminAccess());
    renderApp('/admin/plans');
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: 'Edit Walden (PDF summary)' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Edit / }).map((link) => link.getAttribute('href'))).toEqual(
      makeAdminPlans().map((plan) => `/admin/plans/${plan.id}`),
    );
  });
});

describe('/admin/plans/{id}', () => {
  it('opens from the list and saves the name, the price in cents, the trial and whether it is sold', async () => {
    signIn();
    const sent = planServer();
    const { user, router } = renderApp('/admin/plans');

    await user.click(await screen.findByRole('link', { name: 'Edit Premium Monthly' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Monthly' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/admin/plans/monthly');
    const name = screen.getByRole('textbox', { name: 'Name' });
    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    const trial = screen.getByRole('spinbutton', { name: 'Free trial (days)' });
    expect(name).toHaveValue('Premium Monthly');
    expect(price).toHaveValue('9.99');
    expect(trial).toHaveValue(3);
    expect(screen.getByRole('checkbox', { name: SOLD })).toBeChecked();

    await user.clear(name);
    await user.type(name, ' Premium Month ');
    await user.clear(price);
    await user.type(price, '12.99');
    await user.clear(trial);
    await user.type(trial, '7');
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'New prices');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));

    expect(await screen.findByText('Plan was saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'monthly', body: { name: 'Premium Month', price: 1299, trialDays: 7, active: true, reason: 'New prices' } }]);
    // The form starts again from what the server stored.
    expect(screen.getByRole('textbox', { name: 'Price (USD)' })).toHaveValue('12.99');
    expect(screen.getByRole('spinbutton', { name: 'Free trial (days)' })).toHaveValue(7);
    expect(screen.getByRole('textbox', { name: 'Reason for the change' })).toHaveValue('');

    await user.click(screen.getByRole('link', { name: '← Plans' }));
    const row = (await screen.findByRole('link', { name: 'Edit Premium Month' })).closest('tr')!;
    expect(cells(row).slice(2, 4)).toEqual(['$12.99 / month', '7 days']);
  });

  it('has no trial field for a plan that is not a subscription, and can stop selling it', async () => {
    signIn();
    const sent = planServer();
    const { user } = renderApp('/admin/plans/lifetime');

    expect(await screen.findByRole('textbox', { name: 'Price (USD)' })).toHaveValue('149.99');
    expect(screen.queryByRole('spinbutton', { name: 'Free trial (days)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: SOLD }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'Retired');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));

    expect(await screen.findByText('Plan was saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'lifetime', body: { name: 'Premium Lifetime', price: 14999, active: false, reason: 'Retired' } }]);
    expect(screen.getByRole('checkbox', { name: SOLD })).not.toBeChecked();
  });

  it('checks the reason, the price and the trial before sending, and sends nothing when one is wrong', async () => {
    signIn();
    const sent = planServer();
    const { user } = renderApp('/admin/plans/monthly');
    const save = await screen.findByRole('button', { name: 'Save plan' });
    const reason = screen.getByRole('textbox', { name: 'Reason for the change' });

    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please give a reason for the change.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await user.type(reason, 'Too much');
    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    await user.clear(price);
    await user.type(price, '20000');
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('The price must be from $0.00 to $10,000.00.');
    expect(price).toHaveAttribute('aria-invalid', 'true');

    await user.clear(price);
    await user.type(price, '10');
    const trial = screen.getByRole('spinbutton', { name: 'Free trial (days)' });
    await user.clear(trial);
    await user.type(trial, '91');
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('A free trial is 0 to 90 days.');
    expect(sent).toEqual([]);
  });

  it("shows the server's 502 message and keeps what was typed", async () => {
    signIn();
    planServer();
    const message = "PayPal could not be reached to set the plan's trial; nothing was changed. Please try again.";
    server.use(http.put('/api/admin/plans/{id}', () => fail(502, message, 'paypal_unavailable')));
    const { user } = renderApp('/admin/plans/yearly');

    const trial = await screen.findByRole('spinbutton', { name: 'Free trial (days)' });
    await user.clear(trial);
    await user.type(trial, '14');
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'Longer trial');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Plan was saved.')).not.toBeInTheDocument();
    expect(trial).toHaveValue(14);
    expect(screen.getByRole('button', { name: 'Save plan' })).toBeEnabled();
  });
});
