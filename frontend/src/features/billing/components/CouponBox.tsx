import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/Button';
import { errorMessage } from '@/lib/api/client';
import { offerAmount } from '../api/offer';
import { useCheckCoupon } from '../api/quote';
import { COUPON_REQUIRED_MESSAGE } from '../messages';
import './checkout.css';

export interface AppliedCoupon {
  code: string;
  percentOff: number;
  /** Cents; 0 for a percentage. */
  amountOff: number;
}

/**
 * A coupon code checked with the server: not applied, then applied (a banner with its percentage)
 * or the server's reason. Lives inside the checkout form, so Enter applies the coupon instead of
 * submitting the payment.
 */
export function CouponBox({
  planId,
  applied,
  onApply,
  disabled,
}: {
  planId: string;
  applied: AppliedCoupon | null;
  onApply: (coupon: AppliedCoupon | null) => void;
  disabled?: boolean;
}) {
  const check = useCheckCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const apply = () => {
    const wanted = code.trim().toUpperCase();
    setError(null);
    if (!wanted) {
      setError(COUPON_REQUIRED_MESSAGE);
      return;
    }
    check.mutate(
      { coupon: wanted, planId },
      {
        onSuccess: (result) => onApply({ code: wanted, percentOff: result.percent_off, amountOff: result.amountOff }),
        onError: (cause) => setError(errorMessage(cause)),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  if (applied) {
    return (
      <div className="coupon coupon--applied" role="status">
        <p className="coupon__banner">
          <span aria-hidden="true">✓ </span>
          Coupon <strong>{applied.code}</strong> applied: {offerAmount(applied)} off.
        </p>
        <button
          type="button"
          className="coupon__remove"
          disabled={disabled}
          onClick={() => {
            setCode('');
            onApply(null);
          }}
        >
          Remove coupon
        </button>
      </div>
    );
  }

  return (
    <div className="coupon">
      <label className="field__label" htmlFor={inputId}>
        Coupon code (optional)
      </label>
      <div className="coupon__row">
        <input
          id={inputId}
          className="input"
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={apply} loading={check.isPending} loadingText="Checking…" disabled={disabled}>
          Apply
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="coupon__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
