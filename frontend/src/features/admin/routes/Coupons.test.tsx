import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCouponRequest, AdminCouponView, AdminEndCouponRequest, CouponUseView } from '../api/types';
import { adminAccess, couponFromRequest, makeAdminCoupon, makeCouponUse } from '@/testing/admin-data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { couponRequest, couponValues, discountText, fromLocalInput, toLocalInput, usesText } from '../components/coupon-fields';

/** The list's column headers, as literals: a renamed column fails the listing test. */
const COLUMNS = ['Code', 'Discount', 'Plans', 'Valid', 'Uses', 'Once per member', 'Site offer', 'State'];
const SITE_OFFER = 'Site offer (the banner shows it; only one coupon at a time)';
const NOTE = 'A change applies to purchases from now on; purchases already made keep their price.';

/** Epoch ms of a local time: the form's `datetime-local` fields are in the browser's time zone. */
const local = (year: number, month: number, day: number, hours: number, minutes: number) => new Date(year, month - 1, day, hours, minutes).getTime();
const JUNE_1 = local(2025, 6, 1, 9, 0);
const JUNE_30 = local(2025, 6, 30, 23, 59);

/** A fake store of coupons that answers the list, one coupon with its uses, adds, saves and ends, and records what was sent. */
function couponServer(initial: AdminCouponView[], uses: Record<string, CouponUseView[]> = {}) {
  const store = initial.map((coupon) => ({ ...coupon }));
  const sent = {
    added: [] as AdminCouponRequest[],
    saved: [] as { code: string; body: AdminCouponRequest }[],
    ended: [] as { code: string; body: AdminEndCouponRequest }[],
  };
  const find = (code: string) => store.find((coupon) => coupon.code === code.trim().toUpperCase());
  const answer = (coupon: AdminCouponView) => ok({ coupon: { ...coupon }, uses: uses[coupon.code] ?? [] });
  const replace = (before: AdminCouponView, after: AdminCouponView) => store.splice(store.indexOf(before), 1, after);
  server.use(
    ...adminAccess(),
    http.get('/api/admin/coupons', () => ok({ coupons: store.map((coupon) => ({ ...coupon })) })),
    http.get('/api/admin/coupons/{code}', ({ params }) => {
      const coupon = find(String(params.code));
      return coupon ? answer(coupon) : fail(404, 'Coupon not found.', 'not_found');
    }),
    http.post('/api/admin/coupons', async ({ request }) => {
      const body = await request.json();
      sent.added.push(body);
      if (find(body.code ?? '')) return fail(400, 'A coupon with this code already exists.', 'invalid');
      const coupon = couponFromRequest(body);
      store.unshift(coupon);
      return answer(coupon);
    }),
    http.put('/api/admin/coupons/{code}', async ({ params, request }) => {
      const body = await request.json();
      sent.saved.push({ code: String(params.code), body });
      const before = find(String(params.code));
      if (!before) return fail(404, 'Coupon not found.', 'not_found');
      if (before.endedAt !== null) return fail(400, 'This coupon has ended; add a new one instead.', 'invalid');
      const after = couponFromRequest(body, before);
      replace(before, after);
      return answer(after);
    }),
    http.post('/api/admin/coupons/{code}/end', async ({ params, request }) => {
      const body = await request.json();
      sent.ended.push({ code: String(params.code), body });
      const before = find(String(params.code));
      if (!before) return fail(404, 'Coupon not found.', 'not_found');
      if (!body.reason?.trim()) return fail(400, 'Please give a reason for the change.', 'invalid');
      const after: AdminCouponView = { ...before, endedAt: Date.now(), siteOffer: false, state: 'ended' };
      replace(before, after);
      return answer(after);
    }),
  );
  return sent;
}

/** The text of a row's cell under a column. */
function cell(row: HTMLElement, column: string): string {
  return row.querySelectorAll('th, td')[COLUMNS.indexOf(column)]?.textContent ?? '';
}

function rowOf(code: string): HTMLElement {
  return screen.getByRole('rowheader', { name: code }).closest('tr')!;
}

/** Sets a `datetime-local` field (jsdom does not type into one). */
function setDateTime(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const TENOFF = makeAdminCoupon({
  code: 'TENOFF',
  percentOff: 0,
  amountOff: 1000,
  validFrom: JUNE_1,
  validUntil: JUNE_30,
  maxRedemptions: 5,
  redemptions: 3,
  planIds: ['monthly', 'yearly'],
  state: 'scheduled',
});

describe('/admin/coupons', () => {
  it('lists the coupons from the server with their discount, plans, dates, uses and state', async () => {
    signIn();
    couponServer([
      makeAdminCoupon({ code: 'SPRING40', redemptions: 3, oncePerMember: true, siteOffer: true }),
      TENOFF,
      makeAdminCoupon({
        code: 'OLD10',
        percentOff: 10,
        planIds: ['gone-plan'],
        validUntil: local(2024, 12, 31, 23, 59),
        endedAt: local(2024, 11, 2, 12, 0),
        state: 'ended',
      }),
    ]);
    renderApp('/admin/coupons');

    expect(await screen.findByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(COLUMNS);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['SPRING40', 'TENOFF', 'OLD10']);
    expect(screen.getByText('3 coupons.')).toBeInTheDocument();

    const spring = rowOf('SPRING40');
    expect(within(spring).getByRole('link', { name: 'SPRING40' })).toHaveAttribute('href', '/admin/coupons/SPRING40');
    expect(COLUMNS.slice(1).map((column) => cell(spring, column))).toEqual(['40%', 'All plans', 'Any time', '3', 'Yes', 'Yes', 'running']);

    // The plans are named once GET /api/plans has answered.
    const ten = rowOf('TENOFF');
    await waitFor(() => expect(cell(ten, 'Plans')).toBe('Premium Monthly, Premium Yearly'));
    expect(cell(ten, 'Discount')).toBe('$10.00');
    expect(cell(ten, 'Valid')).toBe('2025-06-01 09:00 – 2025-06-30 23:59');
    expect(cell(ten, 'Uses')).toBe('3 of 5');
    expect(cell(ten, 'Once per member')).toBe('No');
    expect(cell(ten, 'Site offer')).toBe('No');
    expect(cell(ten, 'State')).toBe('scheduled');

    const old = rowOf('OLD10');
    expect(cell(old, 'Plans')).toBe('gone-plan');
    expect(cell(old, 'Valid')).toBe('Until 2024-12-31 23:59');
    expect(cell(old, 'Uses')).toBe('0');
    expect(cell(old, 'State')).toBe('ended');

    expect(screen.getByRole('link', { name: 'Add coupon' })).toHaveAttribute('href', '/admin/coupon-add');
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Coupons' })).toHaveClass('admin-nav__link--active');
  });
});

describe('/admin/coupon-add', () => {
  it('checks the form before sending: the code, the percentage, the dates and the reason', async () => {
    signIn();
    const sent = couponServer([]);
    const { user } = renderApp('/admin/coupon-add');
    const add = await screen.findByRole('button', { name: 'Add coupon' });
    expect(screen.getByText(NOTE)).toBeInTheDocument();

    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('A code is 3 to 32 letters, digits, dashes or underscores.');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'summer25');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Give a percentage from 1 to 100.');

    await user.type(screen.getByRole('spinbutton', { name: 'Percent off' }), '25');
    setDateTime('Valid from', '2025-06-30T23:59');
    setDateTime('Valid until', '2025-06-01T09:00');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date must be after the start date.');

    setDateTime('Valid until', '2025-07-01T00:00');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please give a reason for the change.');
    expect(screen.getByRole('textbox', { name: 'Reason for the change' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent.added).toEqual([]);
  });

  it('adds a percentage coupon with the dates in ms, no limit, the plans and the reason, then opens its page', async () => {
    signIn();
    const sent = couponServer([]);
    const { user, router } = renderApp('/admin/coupon-add');

    await user.type(await screen.findByRole('textbox', { name: 'Code' }), ' summer25 ');
    expect(screen.getByRole('radio', { name: 'Percent off' })).toBeChecked();
    await user.type(screen.getByRole('spinbutton', { name: 'Percent off' }), '25');
    setDateTime('Valid from', '2025-06-01T09:00');
    setDateTime('Valid until', '2025-06-30T23:59');
    // Checked in the other order: sent in the plans' order.
    const plans = screen.getByRole('group', { name: 'Applies to' });
    await user.click(within(plans).getByRole('checkbox', { name: 'Premium Yearly' }));
    await user.click(within(plans).getByRole('checkbox', { name: 'Premium Monthly' }));
    await user.click(screen.getByRole('checkbox', { name: 'One use per member' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'Summer sale');
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Coupon SUMMER25' })).toBeInTheDocument();
    expect(await screen.findByText('Coupon was added.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/admin/coupons/SUMMER25');
    expect(sent.added).toEqual([
      {
        code: 'SUMMER25',
        percentOff: 25,
        amountOff: 0,
        validFrom: JUNE_1,
        validUntil: JUNE_30,
        maxRedemptions: null,
        planIds: ['monthly', 'yearly'],
        oncePerMember: true,
        siteOffer: false,
        reason: 'Summer sale',
      },
    ]);
    // The new coupon's page shows what was stored.
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('readonly');
    expect(screen.getByRole('spinbutton', { name: 'Percent off' })).toHaveValue(25);
    expect(screen.getByLabelText('Valid from')).toHaveValue('2025-06-01T09:00');
    expect(screen.getByRole('textbox', { name: 'Reason for the change' })).toHaveValue('');
  });

  it('adds an amount-off coupon in cents, with a limit, as the site offer', async () => {
    signIn();
    const sent = couponServer([]);
    const { user } = renderApp('/admin/coupon-add');

    await user.type(await screen.findByRole('textbox', { name: 'Code' }), 'TEN-OFF');
    await user.click(screen.getByRole('radio', { name: 'Amount off' }));
    expect(screen.queryByRole('spinbutton', { name: 'Percent off' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Amount off (USD)' }), '10.50');
    await user.type(screen.getByRole('spinbutton', { name: 'Maximum uses' }), '5');
    await user.click(screen.getByRole('checkbox', { name: SITE_OFFER }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'Launch');
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));

    expect(await screen.findByText('Coupon was added.')).toBeInTheDocument();
    expect(sent.added).toEqual([
      {
        code: 'TEN-OFF',
        percentOff: 0,
        amountOff: 1050,
        validFrom: null,
        validUntil: null,
        maxRedemptions: 5,
        planIds: [],
        oncePerMember: false,
        siteOffer: true,
        reason: 'Launch',
      },
    ]);
  });

  it("shows the server's 400 message and stays on the form", async () => {
    signIn();
    const sent = couponServer([makeAdminCoupon({ code: 'SPRING40' })]);
    const { user, router } = renderApp('/admin/coupon-add');

    await user.type(await screen.findByRole('textbox', { name: 'Code' }), 'spring40');
    await user.type(screen.getByRole('spinbutton', { name: 'Percent off' }), '40');
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'Again');
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A coupon with this code already exists.');
    expect(sent.added).toHaveLength(1);
    expect(currentUrl(router)).toBe('/admin/coupon-add');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('spring40');
    expect(screen.getByRole('button', { name: 'Add coupon' })).toBeEnabled();
  });
});

describe('/admin/coupons/{code}', () => {
  it('shows the coupon and its uses, and saves the whole coupon but its code', async () => {
    signIn();
    const sent = couponServer([{ ...TENOFF, planIds: ['yearly'], oncePerMember: true }], {
      TENOFF: [
        makeCouponUse({ chargeId: 'ch_2', email: 'ada@example.com', planId: 'yearly', amount: 4999, status: 'paid', at: local(2025, 6, 3, 10, 15) }),
        makeCouponUse({ chargeId: 'ch_1', email: 'bob@example.com', planId: 'gone-plan', amount: 500, status: 'pending', at: local(2025, 6, 2, 8, 5) }),
      ],
    });
    const { user } = renderApp('/admin/coupons/TENOFF');

    expect(await screen.findByRole('heading', { level: 1, name: 'Coupon TENOFF' })).toBeInTheDocument();
    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(code).toHaveValue('TENOFF');
    expect(code).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'Amount off' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Amount off (USD)' })).toHaveValue('10.00');
    expect(screen.getByLabelText('Valid from')).toHaveValue('2025-06-01T09:00');
    expect(screen.getByLabelText('Valid until')).toHaveValue('2025-06-30T23:59');
    expect(screen.getByRole('spinbutton', { name: 'Maximum uses' })).toHaveValue(5);
    expect(screen.getByRole('checkbox', { name: 'Premium Yearly' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Premium Monthly' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'One use per member' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: SITE_OFFER })).not.toBeChecked();

    const uses = screen.getByRole('region', { name: 'Purchases that used TENOFF' });
    expect(
      within(uses)
        .getAllByRole('row')
        .map((row) => Array.from(row.querySelectorAll('th, td'), (item) => item.textContent)),
    ).toEqual([
      ['Date', 'E-mail', 'Plan', 'Amount', 'Status'],
      ['2025-06-03 10:15', 'ada@example.com', 'Premium Yearly', '$49.99', 'paid'],
      ['2025-06-02 08:05', 'bob@example.com', 'gone-plan', '$5.00', 'pending'],
    ]);

    await user.click(screen.getByRole('radio', { name: 'Percent off' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Percent off' }), '15');
    await user.clear(screen.getByRole('spinbutton', { name: 'Maximum uses' }));
    await user.click(screen.getByRole('checkbox', { name: 'Premium Monthly' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'Simpler');
    await user.click(screen.getByRole('button', { name: 'Save coupon' }));

    expect(await screen.findByText('Coupon was saved.')).toBeInTheDocument();
    expect(sent.saved).toEqual([
      {
        code: 'TENOFF',
        body: {
          percentOff: 15,
          amountOff: 0,
          validFrom: JUNE_1,
          validUntil: JUNE_30,
          maxRedemptions: null,
          planIds: ['monthly', 'yearly'],
          oncePerMember: true,
          siteOffer: false,
          reason: 'Simpler',
        },
      },
    ]);
    // The form starts again from what was stored.
    expect(screen.getByRole('spinbutton', { name: 'Percent off' })).toHaveValue(15);
    expect(screen.getByRole('spinbutton', { name: 'Maximum uses' })).toHaveValue(null);
    expect(screen.getByRole('textbox', { name: 'Reason for the change' })).toHaveValue('');
  });

  it('ending needs a reason; then the coupon shows as ended and its form is read-only', async () => {
    signIn();
    const sent = couponServer([makeAdminCoupon({ code: 'SPRING40', siteOffer: true })]);
    const { user } = renderApp('/admin/coupons/SPRING40');

    expect(await screen.findByText('No purchases have used this coupon yet.')).toBeInTheDocument();
    const end = screen.getByRole('button', { name: 'End coupon now' });
    await user.click(end);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please give a reason for the change.');
    const reason = screen.getByRole('textbox', { name: 'Reason for ending' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(sent.ended).toEqual([]);

    await user.type(reason, 'The sale is over');
    await user.click(end);

    const note = await screen.findByText(/This coupon has ended\./);
    expect(sent.ended).toEqual([{ code: 'SPRING40', body: { reason: 'The sale is over' } }]);
    await waitFor(() => expect(note.closest('.coupon-ended')).toHaveFocus());
    expect(screen.getByText('ended', { selector: '.coupon-state' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Percent off' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: SITE_OFFER })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save coupon' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End coupon now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reason for the change' })).not.toBeInTheDocument();
  });

  it('says so when there is no such coupon', async () => {
    signIn();
    couponServer([]);
    renderApp('/admin/coupons/NOPE');
    expect(await screen.findByRole('alert')).toHaveTextContent('Coupon not found.');
  });
});

describe('coupon fields', () => {
  it('turns datetime-local values into epoch ms and back, in local time', () => {
    expect(fromLocalInput('2025-06-01T09:00')).toBe(JUNE_1);
    expect(fromLocalInput('2025-06-01T09:00:30')).toBe(JUNE_1 + 30_000);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2025-02-30T10:00')).toBeNull();
    expect(toLocalInput(JUNE_30)).toBe('2025-06-30T23:59');
    expect(toLocalInput(null)).toBe('');
  });

  it('shows discounts and uses, and reads dollars as cents', () => {
    expect(discountText({ percentOff: 40, amountOff: 0 })).toBe('40%');
    expect(discountText({ percentOff: 0, amountOff: 123456 })).toBe('$1,234.56');
    expect(usesText({ redemptions: 3, maxRedemptions: 5 })).toBe('3 of 5');
    expect(usesText({ redemptions: 3, maxRedemptions: null })).toBe('3');
    const values = { ...couponValues(), code: 'x', kind: 'amount' as const, amountOff: '$1,200.5', reason: ' Why ' };
    expect(couponRequest(values, 'edit')).toMatchObject({ percentOff: 0, amountOff: 120050, reason: 'Why' });
    expect(couponRequest(values, 'edit')).not.toHaveProperty('code');
    expect(couponValues(makeAdminCoupon({ percentOff: 0, amountOff: 999 }))).toMatchObject({ kind: 'amount', amountOff: '9.99', percentOff: '' });
  });
});
