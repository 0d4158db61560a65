import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChangePasswordRequest, TwoFactorCodeRequest } from '../api/types';
import { makeSession } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { formatWhen } from '../components/SessionsCard';
import { RECOVERY_FILE_NAME } from '../components/RecoveryCodes';

async function fillPasswords(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('/account/security', () => {
  it('asks for every field before calling the server', async () => {
    signIn();
    let called = false;
    server.use(
      http.put('/api/user/password', () => {
        called = true;
        return ok({});
      }),
    );
    renderApp('/account/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Current Password.');
    expect(called).toBe(false);
  });

  it('changes the password and says the other devices are signed out', async () => {
    signIn();
    let sent: ChangePasswordRequest | undefined;
    server.use(
      http.put('/api/user/password', async ({ request }) => {
        sent = await request.json();
        return ok({});
      }),
    );
    renderApp('/account/security');
    await fillPasswords('old secret words', 'harbor light 22', 'harbor light 22');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed. Your other devices are signed out.');
    expect(sent).toEqual({ currentPassword: 'old secret words', password1: 'harbor light 22', password2: 'harbor light 22' });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it("shows the server's reason", async () => {
    signIn();
    server.use(http.put('/api/user/password', () => fail(400, 'Your current password is not correct.', 'wrong_current_password')));
    renderApp('/account/security');
    await fillPasswords('not it at all', 'harbor light 22', 'harbor light 22');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
  });

  it('signs out everywhere, then this browser too', async () => {
    signIn();
    let ended = false;
    server.use(
      http.post('/api/user/logout-everywhere', () => {
        ended = true;
        return ok({});
      }),
    );
    const { router } = renderApp('/account/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(ended).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/account/security'));
  });
});

const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = [
  'abcd-efgh-jkmn-pqrs',
  'bcde-fghj-kmnp-qrst',
  'cdef-ghjk-mnpq-rstu',
  'defg-hjkm-npqr-stuv',
  'efgh-jkmn-pqrs-tuvw',
  'fghj-kmnp-qrst-uvwx',
  'ghjk-mnpq-rstu-vwxy',
  'hjkm-npqr-stuv-wxyz',
  'jkmn-pqrs-tuvw-xyz2',
  'kmnp-qrst-uvwx-yz23',
];
const WRONG_CODE = 'That code is not right. Please check your authenticator app (or use a recovery code) and try again.';

/** GET /api/user/two-factor answering `state` as it is at the time of the call. */
function twoFactorStatus(state: { enabled: boolean; recoveryCodesLeft: number }) {
  server.use(http.get('/api/user/two-factor', () => ok({ ...state })));
  return state;
}

const twoFactorCard = () => screen.getByRole('region', { name: /Two-factor sign-in/ });

describe('/account/security: two-factor sign-in', () => {
  it('turns it on: QR code and key, a code from the app, then the ten recovery codes shown once', async () => {
    signIn();
    const state = twoFactorStatus({ enabled: false, recoveryCodesLeft: 0 });
    const sent: TwoFactorCodeRequest[] = [];
    server.use(
      http.post('/api/user/two-factor/setup', () =>
        ok({ secret: SECRET, otpauthUrl: `otpauth://totp/Gistbook:ada%40example.com?secret=${SECRET}&issuer=Gistbook` }),
      ),
      http.post('/api/user/two-factor/enable', async ({ request }) => {
        sent.push(await request.json());
        Object.assign(state, { enabled: true, recoveryCodesLeft: 10 });
        return ok({ recoveryCodes: CODES });
      }),
    );
    const { user } = renderApp('/account/security');
    expect(await within(await screen.findByRole('region', { name: /Two-factor sign-in/ })).findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    expect(heading).toHaveFocus();
    expect(sent).toEqual([{ code: '123456' }]);
    const codes = within(twoFactorCard())
      .getAllByRole('listitem')
      .filter((item) => /^[a-z0-9-]{19}$/.test(item.textContent ?? ''));
    expect(codes.map((item) => item.textContent)).toEqual(CODES);
    expect(within(twoFactorCard()).getByText(/Each code works once/)).toBeInTheDocument();
    expect(within(twoFactorCard()).getByText(/shown only now/)).toBeInTheDocument();

    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('download', RECOVERY_FILE_NAME);
    const file = decodeURIComponent(download.getAttribute('href')!.replace(/^data:text\/plain;charset=utf-8,/, ''));
    for (const code of CODES) expect(file).toContain(`\n${code}\n`);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await within(twoFactorCard()).findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your recovery codes' })).not.toBeInTheDocument();
    expect(twoFactorCard()).toHaveTextContent('Recovery codes left: 10');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toHaveFocus();
  });

  it("keeps the set-up open and shows the server's message, tied to the field, for a wrong code", async () => {
    signIn();
    server.use(
      http.post('/api/user/two-factor/setup', () => ok({ secret: SECRET, otpauthUrl: `otpauth://totp/Gistbook:a?secret=${SECRET}` })),
      http.post('/api/user/two-factor/enable', () => fail(400, WRONG_CODE, 'invalid_two_factor_code')),
    );
    const { user } = renderApp('/account/security');
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor' }));
    await user.type(await screen.findByLabelText('Code from your app'), '999999');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE);
    const field = screen.getByLabelText('Code from your app');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(WRONG_CODE));
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your recovery codes' })).not.toBeInTheDocument();
  });

  it('turns it off with a code', async () => {
    signIn();
    const state = twoFactorStatus({ enabled: true, recoveryCodesLeft: 8 });
    const sent: TwoFactorCodeRequest[] = [];
    server.use(
      http.post('/api/user/two-factor/disable', async ({ request }) => {
        sent.push(await request.json());
        Object.assign(state, { enabled: false, recoveryCodesLeft: 0 });
        return ok({});
      }),
    );
    const { user } = renderApp('/account/security');
    expect(await within(await screen.findByRole('region', { name: /Two-factor sign-in/ })).findByText('On')).toBeInTheDocument();
    expect(twoFactorCard()).toHaveTextContent('Recovery codes left: 8');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a code.');
    expect(sent).toEqual([]);

    await user.type(field, '246810');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    expect(await within(twoFactorCard()).findByRole('status')).toHaveTextContent('Two-factor sign-in is off.');
    expect(sent).toEqual([{ code: '246810' }]);
    expect(await within(twoFactorCard()).findByText('Off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on two-factor' })).toBeInTheDocument();
  });

  it('warns when few recovery codes are left and hands out new ones for a code', async () => {
    signIn();
    twoFactorStatus({ enabled: true, recoveryCodesLeft: 2 });
    let sent: TwoFactorCodeRequest | undefined;
    server.use(
      http.post('/api/user/two-factor/recovery-codes', async ({ request }) => {
        sent = await request.json();
        return ok({ recoveryCodes: CODES });
      }),
    );
    const { user } = renderApp('/account/security');
    expect(await within(await screen.findByRole('region', { name: /Two-factor sign-in/ })).findByText(/get new ones before you run out/)).toHaveTextContent(
      'Recovery codes left: 2',
    );
    await user.click(screen.getByRole('button', { name: 'Get new recovery codes' }));
    await user.type(screen.getByLabelText('Authentication code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Get new codes' }));
    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeInTheDocument();
    expect(sent).toEqual({ code: '135790' });
    expect(within(twoFactorCard()).getByText(CODES[9])).toBeInTheDocument();
  });

  it('does not warn with plenty of recovery codes left', async () => {
    signIn();
    twoFactorStatus({ enabled: true, recoveryCodesLeft: 4 });
    renderApp('/account/security');
    expect(await screen.findByText('4')).toBeInTheDocument();
    expect(twoFactorCard()).not.toHaveTextContent(/run out/);
  });
});

describe("/account/security: where you're signed in", () => {
  it('lists the sessions and signs another one out', async () => {
    signIn();
    const here = makeSession({ device: 'Firefox on Linux', address: '203.0.113.7', current: true, lastUsedAt: Date.UTC(2025, 5, 1, 8, 0) });
    const phone = makeSession({ device: 'Chrome on Android', address: '198.51.100.4', lastUsedAt: Date.UTC(2025, 4, 20, 17, 45) });
    let sessions = [here, phone];
    const ended: string[] = [];
    server.use(
      http.get('/api/user/sessions', () => ok({ sessions })),
      http.delete('/api/user/sessions/{id}', ({ params }) => {
        ended.push(String(params.id));
        sessions = sessions.filter((s) => s.id !== params.id);
        return ok({});
      }),
    );
    const { user, router } = renderApp('/account/security');
    const region = await screen.findByRole('region', { name: "Where you're signed in" });
    const list = await within(region).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Firefox on Linux');
    expect(within(items[0]).getByText('This device')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent(`Last active ${formatWhen(here.lastUsedAt)}`);
    expect(within(items[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Chrome on Android');
    expect(items[1]).toHaveTextContent('198.51.100.4');
    expect(items[1]).toHaveTextContent(`Last active ${formatWhen(phone.lastUsedAt)}`);
    expect(within(items[1]).queryByText('This device')).not.toBeInTheDocument();
    expect(within(items[1]).getByText(formatWhen(phone.lastUsedAt))).toHaveAttribute('datetime', new Date(phone.lastUsedAt).toISOString());

    const signOut = within(items[1]).getByRole('button', { name: 'Sign out Chrome on Android' });
    expect(signOut).toHaveAccessibleDescription(expect.stringContaining('198.51.100.4'));
    await user.click(signOut);
    expect(await within(region).findByRole('status')).toHaveTextContent('Signed out Chrome on Android.');
    expect(ended).toEqual([phone.id]);
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(within(region).getByRole('listitem')).toHaveTextContent('Firefox on Linux');
    expect(router.state.location.pathname).toBe('/account/security');
  });

  it('says so when the session had already ended, and refreshes the list', async () => {
    signIn();
    let sessions = [makeSession({ current: true }), makeSession({ device: 'Safari on iPhone' })];
    server.use(
      http.get('/api/user/sessions', () => ok({ sessions })),
      http.delete('/api/user/sessions/{id}', ({ params }) => {
        sessions = sessions.filter((s) => s.id !== params.id);
        return fail(404, 'This session has already ended.', 'session_not_found');
      }),
    );
    const { user } = renderApp('/account/security');
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This session has already ended.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out Safari on iPhone' })).not.toBeInTheDocument());
  });
});
