import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserRequest } from '../api/types';
import { adminAccess, makeAdminUser } from '@/testing/admin-data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

const REASON = 'Reason for the plan change';

/** A fake server holding one member; PUT saves what it is sent. */
function memberServer(initial: AdminUser) {
  let stored = initial;
  const state = { gets: 0, sent: [] as AdminUserRequest[] };
  server.use(
    ...adminAccess(),
    http.get('/api/admin/user/edit/{userId}', () => {
      state.gets += 1;
      return ok({ user: [stored] });
    }),
    http.put('/api/admin/user', async ({ request }) => {
      const body = await request.json();
      state.sent.push(body);
      stored = { ...stored, firstName: body.firstName ?? '', planId: body.planId || null, paidDate: body.paidDate ?? 0 };
      return ok({ user: [stored] });
    }),
  );
  return state;
}

describe('/admin/users/{id}', () => {
  it("shows 'User #{id}' with the member's fields (the first item of result.user)", async () => {
    signIn();
    memberServer(makeAdminUser({ id: 7, firstName: 'Grace', planId: 'monthly', paidDate: Date.UTC(2025, 0, 2, 15), paymentMethod: 'card' }));
    renderApp('/admin/user-edit/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'User #7' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'First Name' })).toHaveValue('Grace');
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Hopper');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('member7@example.com');
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveValue('monthly');
    expect(screen.getByLabelText('Paid Date')).toHaveValue('2025-01-02');
    expect(screen.getByLabelText('End Date')).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Payment Method' })).toHaveValue('card');
    expect(screen.queryByRole('textbox', { name: REASON })).not.toBeInTheDocument();
  });

  it('saves a name without a reason, keeping the dates as stored, and fetches the member again', async () => {
    signIn();
    const paid = Date.UTC(2025, 0, 2, 15, 30);
    const state = memberServer(makeAdminUser({ id: 7, planId: 'monthly', paidDate: paid, endPaidDate: Date.UTC(2025, 1, 2) }));
    const { user } = renderApp('/admin/users/7');
    const first = await screen.findByRole('textbox', { name: 'First Name' });
    await user.clear(first);
    await user.type(first, 'Amazing Grace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('User #7 was updated.');
    expect(state.sent).toEqual([
      { userId: 7, firstName: 'Amazing Grace', lastName: 'Hopper', email: 'member7@example.com', planId: 'monthly', paidDate: paid, paymentMethod: '' },
    ]);
    await waitFor(() => expect(state.gets).toBe(2));
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Amazing Grace');
  });

  it('asks for a reason once the plan changes and sends it', async () => {
    signIn();
    const state = memberServer(makeAdminUser({ id: 7 }));
    const { user } = renderApp('/admin/users/7');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Plan' }), 'lifetime');
    expect(screen.getByRole('textbox', { name: REASON })).toBeRequired();
    await user.type(screen.getByLabelText('Paid Date'), '2025-03-04');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Reason for the plan change.');
    expect(state.sent).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: REASON }), 'Paid by bank transfer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('User #7 was updated.');
    expect(state.sent[0]).toMatchObject({ planId: 'lifetime', paidDate: Date.UTC(2025, 2, 4), reason: 'Paid by bank transfer' });
    // The form starts again from the stored member: no change, no reason field.
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveValue('lifetime');
    expect(screen.queryByRole('textbox', { name: REASON })).not.toBeInTheDocument();
  });

  it('the reason field also appears when only the end date changes, and goes when it is put back', async () => {
    signIn();
    memberServer(makeAdminUser({ id: 7, planId: 'monthly', paidDate: Date.UTC(2025, 0, 2), endPaidDate: Date.UTC(2025, 1, 2) }));
    const { user } = renderApp('/admin/users/7');
    const end = await screen.findByLabelText('End Date');
    await user.clear(end);
    expect(screen.getByRole('textbox', { name: REASON })).toBeInTheDocument();
    await user.type(end, '2025-02-02');
    expect(screen.queryByRole('textbox', { name: REASON })).not.toBeInTheDocument();
  });

  it('checks the required fields first, then shows the server’s errors', async () => {
    signIn();
    memberServer(makeAdminUser({ id: 7 }));
    server.use(http.put('/api/admin/user', () => fail(409, 'That e-mail belongs to another account.', 'email_taken')));
    const { user } = renderApp('/admin/users/7');
    const last = await screen.findByRole('textbox', { name: 'Last Name' });
    await user.clear(last);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Last Name.');
    await user.type(last, 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That e-mail belongs to another account.'));
  });

  it('says when there is no such member', async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/api/admin/user/edit/{userId}', () => fail(404, 'User not found.', 'not_found')),
    );
    renderApp('/admin/users/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
  });
});
