import { ADD_ONS, formatCents, type AddOnCount } from '../money';
import './checkout.css';

/** None, 20 or 50 infographics, as radio buttons (arrow keys move between them). */
export function AddOnChoice({ value, onChange, disabled }: { value: AddOnCount; onChange: (count: AddOnCount) => void; disabled?: boolean }) {
  return (
    <fieldset className="choice" disabled={disabled}>
      <legend className="choice__legend">Add infographics (optional)</legend>
      <div className="choice__options">
        {ADD_ONS.map((addOn) => (
          <label key={addOn.count} className="choice__option">
            <input type="radio" name="addInfographics" value={addOn.count} checked={value === addOn.count} onChange={() => onChange(addOn.count)} />
            <span className="choice__label">{addOn.label}</span>
            {addOn.price > 0 ? <span className="choice__price">{formatCents(addOn.price)}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
