import type { ReactNode } from 'react';

export interface Choice {
  id: number;
  label: string;
  /** A small picture beside the label (decorative: the label says it all). */
  image: string;
}

interface ChoiceListProps {
  /** The fieldset's legend (the group's accessible name). */
  legend: string;
  hint: ReactNode;
  hintId: string;
  name: string;
  choices: Choice[];
  checked: readonly number[];
  /** Prefix of the boxes' ids: `${idPrefix}-${choice.id}`. */
  idPrefix: string;
  invalid: boolean;
  /** The alert that says what is wrong, read with the group while `invalid`. */
  alertId: string;
  onToggle: (id: number, on: boolean) => void;
}

/** Large tick boxes, one per goal or category, in a fieldset with its legend and hint. */
export function ChoiceList({ legend, hint, hintId, name, choices, checked, idPrefix, invalid, alertId, onToggle }: ChoiceListProps) {
  return (
    <fieldset className="onboarding-fieldset" aria-describedby={invalid ? `${hintId} ${alertId}` : hintId}>
      <legend className="onboarding-fieldset__legend">{legend}</legend>
      <p className="onboarding-fieldset__hint" id={hintId}>
        {hint}
      </p>
      <ul className="onboarding-choices">
        {choices.map((choice) => {
          const on = checked.includes(choice.id);
          return (
            <li key={choice.id}>
              <label className={on ? 'onboarding-choice onboarding-choice--checked' : 'onboarding-choice'}>
                <input
                  id={`${idPrefix}-${choice.id}`}
                  type="checkbox"
                  name={name}
                  value={choice.id}
                  checked={on}
                  onChange={(event) => onToggle(choice.id, event.target.checked)}
                />
                {choice.image ? (
                  <img src={choice.image} alt="" width={48} height={48} loading="lazy" decoding="async" />
                ) : (
                  <span className="onboarding-choice__blank" aria-hidden="true" />
                )}
                <span className="onboarding-choice__label">{choice.label}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
