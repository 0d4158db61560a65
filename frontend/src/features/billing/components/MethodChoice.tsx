import './checkout.css';

export type PaymentMethod = 'card' | 'paypal';

const LABELS: Record<PaymentMethod, string> = { card: 'Card', paypal: 'PayPal' };

/** Card or PayPal: only the methods the server offers. */
export function MethodChoice({
  methods,
  value,
  onChange,
  disabled,
}: {
  methods: PaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="choice" disabled={disabled}>
      <legend className="choice__legend">Payment method</legend>
      <div className="choice__options choice__options--row">
        {methods.map((method) => (
          <label key={method} className="choice__option">
            <input type="radio" name="paymentMethod" value={method} checked={value === method} onChange={() => onChange(method)} />
            <span className="choice__label">{LABELS[method]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
