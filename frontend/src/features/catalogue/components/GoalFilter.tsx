import { useId } from 'react';
import { useGoals } from '../api/goals';
import './goal-filter.css';

/** The goal filter of /books: a select of the goals books serve; `onChange` gets the chosen goal's id (undefined: every goal). */
export function GoalSelect({ value, onChange, label = 'Goal' }: { value: number | undefined; onChange: (goal: number | undefined) => void; label?: string }) {
  const goals = useGoals();
  const id = useId();
  if (goals.isPending) return <GoalSelectSkeleton label={label} />;
  // Without goals there is nothing to filter by (and a failure here must not hide the books).
  if (!goals.data || goals.data.length === 0) return null;
  return (
    <div className="goal-filter">
      <label className="goal-filter__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name="goal"
        className="input input--select goal-filter__select"
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">All goals</option>
        {goals.data.map((goal) => (
          <option key={goal.id} value={goal.id}>
            {goal.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The filter's boxes while the goals load (its label and a select-sized box), so the row it sits in
 * keeps its height when the select arrives. Announced as a status; the boxes are hidden from
 * assistive technology.
 */
function GoalSelectSkeleton({ label }: { label: string }) {
  return (
    <div className="goal-filter" role="status">
      <span className="visually-hidden">Loading goals…</span>
      <span className="goal-filter__label" aria-hidden="true">
        {label}
      </span>
      <span className="input goal-filter__select goal-filter__select--skeleton" aria-hidden="true">
        {'\u00a0'}
      </span>
    </div>
  );
}

/** The title of a goal by id, once the goals are loaded. */
export function useGoalTitle(goal: number | undefined): string | undefined {
  const goals = useGoals();
  if (goal === undefined) return undefined;
  return goals.data?.find((item) => item.id === goal)?.title ?? `#${goal}`;
}
