import { TextField } from '@/components/form/Field';
import { formatCents } from '../money';

/** What is counted: team seats, or gifts (each its own code). */
export type QuantityUnit = 'seat' | 'gift';

const WORDING: Record<QuantityUnit, { label: string; plural: string; each: string }> = {
  seat: { label: 'Number of seats', plural: 'seats', each: 'Each seat gives one person a year of Premium.' },
  gift: { label: 'Quantity', plural: 'gifts', each: 'Each gift is a code of its own, a year of Premium for one person.' },
};

/**
 * How many seats or gifts: a number box from the plan's minimum to its maximum, with the price of
 * one beside it. The value is kept as typed; the form checks it on submit.
 */
export function QuantityField({
  value,
  onChange,
  min,
  max,
  unitPrice,
  unit = 'seat',
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  unitPrice: number;
  unit?: QuantityUnit;
  disabled?: boolean;
}) {
  const wording = WORDING[unit];
  return (
    <TextField
      label={wording.label}
      name="quantity"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      hint={`From ${min} to ${max} ${wording.plural}, ${formatCents(unitPrice)} each. ${wording.each}`}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
