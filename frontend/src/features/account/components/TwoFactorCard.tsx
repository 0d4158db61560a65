import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api/client';
import type { TwoFactorEnrolment } from '../api/types';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactor } from '../api/get-two-factor';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { CodeForm } from './CodeForm';
import { CopyButton } from './CopyButton';
import { QrCode } from './QrCode';
import { RecoveryCodes } from './RecoveryCodes';

export const QR_ALT = 'QR code for your authenticator app';
export const ENABLE_CODE_LABEL = 'Code from your app';
export const CODE_LABEL = 'Authentication code';
export const TURNED_ON_MESSAGE = 'Two-factor sign-in is on.';
export const TURNED_OFF_MESSAGE = 'Two-factor sign-in is off.';
export const RENEWED_MESSAGE = 'New recovery codes are ready; the old ones no longer work.';
/** At or under this many recovery codes left, the card suggests new ones. */
export const LOW_RECOVERY_CODES = 3;

const ADMIN_NOTE = 'The back office needs two-factor sign-in on your account.';

type Mode =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[]; intro: string }
  | { kind: 'renewing' }
  | { kind: 'disabling' };

/** A base32 secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The "Two-factor sign-in" card of /account/security: status, turning it on and off, recovery codes. */
export function TwoFactorCard({ isAdmin }: { isAdmin: boolean }) {
  const status = useTwoFactor();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [mode, setMode] = useState<Mode>({ kind: 'status' });
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const returning = useRef(false);

  const go = useCallback((next: Mode, message: string | null = null) => {
    setProblem(null);
    setDone(message);
    // Back on the status view after a step: the card's title takes the focus.
    returning.current = next.kind === 'status';
    setMode(next);
  }, []);

  useEffect(() => {
    if (mode.kind !== 'status' || !returning.current) return;
    returning.current = false;
    titleRef.current?.focus();
  }, [mode]);

  const startSetup = () => {
    setProblem(null);
    setDone(null);
    setup.mutate(undefined, {
      onSuccess: (enrolment) => go({ kind: 'enrolling', enrolment }),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const turnOn = (code: string) =>
    enable.mutate(
      { code },
      {
        onSuccess: ({ recoveryCodes }) => go({ kind: 'codes', codes: recoveryCodes, intro: TURNED_ON_MESSAGE }),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );

  const renewCodes = (code: string) =>
    renew.mutate(
      { code },
      {
        onSuccess: ({ recoveryCodes }) => go({ kind: 'codes', codes: recoveryCodes, intro: RENEWED_MESSAGE }),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );

  const turnOff = (code: string) =>
    disable.mutate(
      { code },
      {
        onSuccess: () => go({ kind: 'status' }, TURNED_OFF_MESSAGE),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );

  const enabled = status.data?.enabled ?? false;
  const left = status.data?.recoveryCodesLeft ?? 0;
  const backToStatus = () => go({ kind: 'status' });

  return (
    <section className="card" aria-labelledby="two-factor-title">
      <div className="security__heading">
        <h2 id="two-factor-title" className="card__title" tabIndex={-1} ref={titleRef}>
          Two-factor sign-in
        </h2>
        {status.data ? <span className={enabled ? 'badge badge--success' : 'badge'}>{enabled ? 'On' : 'Off'}</span> : null}
      </div>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {status.isPending ? <Spinner label="Loading your two-factor settings…" /> : null}
      {status.isError ? (
        <>
          <Alert tone="warning">{errorMessage(status.error)}</Alert>
          <Button variant="ghost" size="sm" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </>
      ) : null}

      {status.data && mode.kind === 'status' && !enabled ? (
        <>
          <p>Add a second step to signing in: a code from an authenticator app on your phone. Someone who learns your password still cannot sign in.</p>
          {isAdmin ? <p className="security__note">{ADMIN_NOTE}</p> : null}
          {problem ? <Alert tone="warning">{problem}</Alert> : null}
          <Button size="md" onClick={startSetup} loading={setup.isPending} loadingText="Starting…">
            Turn on two-factor
          </Button>
        </>
      ) : null}

      {mode.kind === 'enrolling' ? (
        <Enrolment enrolment={mode.enrolment} pending={enable.isPending} problem={problem} onSubmit={turnOn} onCancel={backToStatus} />
      ) : null}

      {mode.kind === 'codes' ? <RecoveryCodes codes={mode.codes} intro={mode.intro} onDone={backToStatus} /> : null}

      {status.data && enabled && (mode.kind === 'status' || mode.kind === 'renewing' || mode.kind === 'disabling') ? (
        <>
          <p>Signing in asks for a code from your authenticator app after your password.</p>
          <p className={left <= LOW_RECOVERY_CODES ? 'security__low' : undefined}>
            Recovery codes left: <strong>{left}</strong>
            {left <= LOW_RECOVERY_CODES ? ' — get new ones before you run out.' : null}
          </p>
          {mode.kind === 'status' ? (
            <div className="security__actions">
              <Button variant="secondary" size="md" onClick={() => go({ kind: 'renewing' })}>
                Get new recovery codes
              </Button>
              <Button variant="ghost" size="md" onClick={() => go({ kind: 'disabling' })}>
                Turn off
              </Button>
            </div>
          ) : null}
          {mode.kind === 'renewing' ? (
            <CodeForm
              label={CODE_LABEL}
              hint="A current code from your authenticator app, or one of your recovery codes. The old recovery codes stop working."
              acceptsRecoveryCode
              submitLabel="Get new codes"
              pendingLabel="Making codes…"
              pending={renew.isPending}
              problem={problem}
              onSubmit={renewCodes}
              onCancel={backToStatus}
              autoFocus
            />
          ) : null}
          {mode.kind === 'disabling' ? (
            <CodeForm
              label={CODE_LABEL}
              hint="A current code from your authenticator app, or one of your recovery codes."
              acceptsRecoveryCode
              submitLabel="Turn off two-factor"
              pendingLabel="Turning off…"
              variant="danger"
              pending={disable.isPending}
              problem={problem}
              onSubmit={turnOff}
              onCancel={backToStatus}
              autoFocus
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function Enrolment({
  enrolment,
  pending,
  problem,
  onSubmit,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  pending: boolean;
  problem: string | null;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), []);
  return (
    <div className="enrolment" role="group" aria-labelledby="enrolment-title">
      <h3 id="enrolment-title" className="security__subtitle" tabIndex={-1} ref={focusOnMount}>
        Set up your authenticator app
      </h3>
      <ol className="enrolment__steps">
        <li>
          <p>Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</p>
          <QrCode value={enrolment.otpauthUrl} alt={QR_ALT} />
        </li>
        <li>
          <p>Cannot scan it? Enter this key in the app instead:</p>
          <p className="enrolment__secret">
            <code data-testid="two-factor-secret">{groupSecret(enrolment.secret)}</code>
          </p>
          <CopyButton text={enrolment.secret}>Copy key</CopyButton>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows for Gistbook.</p>
          <CodeForm
            label={ENABLE_CODE_LABEL}
            hint="Six digits; a new one every 30 seconds."
            submitLabel="Turn on"
            pendingLabel="Turning on…"
            pending={pending}
            problem={problem}
            onSubmit={onSubmit}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </div>
  );
}
