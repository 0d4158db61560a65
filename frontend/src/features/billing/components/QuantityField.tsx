import { TextField } from '@/components/Field';
import { formatCents } from '../money';

/**
 * How many seats (the bulk plan): a number box from the plan's minimum to its maximum, with the
 * price of one seat beside it. The value is kept as typed; the form checks it on submit.
 */
export function QuantityField({
  value,
  onChange,
  min,
  max,
  unitPrice,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  unitPrice: number;
  disabled?: boolean;
}) {
  return (
    <TextField
      label="Number of seats"
      name="quantity"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      hint={`From ${min} to ${max} seats, ${formatCents(unitPrice)} each. Each seat gives one person a year of Premium.`}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
