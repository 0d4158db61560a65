import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { errorMessage } from '@/lib/api/client';
import type { GoalView, TenDayPlan } from '@/lib/api/types';
import { useCreatePlan } from '../api/create-plan';
import { MAX_GOALS, TWO_GOALS_MESSAGE, planProblem, type PlanField } from '../validation';
import { useStepHeading } from './use-step-heading';

export const GOALS_TITLE = 'Pick your goals';

/** What the form holds, kept by the page so that "Create New Plan" comes back to it. */
export interface PlanDraft {
  goals: number[];
  /** null: not typed in yet, so the member's e-mail shows. */
  email: string | null;
}

interface GoalsFormProps {
  goals: GoalView[];
  draft: PlanDraft;
  onDraftChange: (draft: PlanDraft) => void;
  /** The signed-in member's e-mail, filled in until another is typed. */
  memberEmail: string;
  focusHeading: boolean;
  /** The plan was made for `goals`. */
  onCreated: (goals: number[], plan: TenDayPlan) => void;
}

/**
 * Step 2: one or two goals (checkboxes; a third is refused with 'You can only pick two goals.') and
 * the e-mail the plan goes to, then 'Create My Plan' (`POST /api/user/ten-day-challenge`). The
 * server's texts are checked first; its refusal (or 'There was an error processing your request.'
 * without an answer) shows in the same warning.
 */
export function GoalsForm({ goals, draft, onDraftChange, memberEmail, focusHeading, onCreated }: GoalsFormProps) {
  const heading = useStepHeading(focusHeading);
  const create = useCreatePlan();
  const [notice, setNotice] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<PlanField | null>(null);
  const id = useId();
  const ids = { notice: `${id}-notice`, hint: `${id}-goals-hint`, email: `${id}-email`, goal: (goalId: number) => `${id}-goal-${goalId}` };
  const email = draft.email ?? memberEmail;

  const toggle = (goalId: number, on: boolean) => {
    if (on && !draft.goals.includes(goalId) && draft.goals.length >= MAX_GOALS) {
      // Left unticked: the box is controlled by `draft.goals`.
      setNotice(TWO_GOALS_MESSAGE);
      return;
    }
    setNotice(null);
    setInvalid(null);
    onDraftChange({ ...draft, goals: on ? [...draft.goals.filter((x) => x !== goalId), goalId] : draft.goals.filter((x) => x !== goalId) });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    // The goals in the list's order.
    const picked = goals.map((goal) => goal.id).filter((goalId) => draft.goals.includes(goalId));
    const problem = planProblem({ goals: picked, email });
    setInvalid(problem?.field ?? null);
    if (problem) {
      setNotice(problem.message);
      const first = goals[0];
      document.getElementById(problem.field === 'email' ? ids.email : first ? ids.goal(first.id) : ids.email)?.focus();
      return;
    }
    setNotice(null);
    create.mutate(
      { goals: picked, email: email.trim() },
      {
        onSuccess: (plan) => onCreated(picked, plan),
        onError: (error) => setNotice(errorMessage(error)),
      },
    );
  };

  return (
    <section className="card challenge-step challenge-goals" aria-labelledby="challenge-goals-title">
      <h2 id="challenge-goals-title" className="challenge-step__title" tabIndex={-1} ref={heading}>
        {GOALS_TITLE}
      </h2>
      <p className="challenge-step__text">Choose what you want to get better at. We will pick ten books for it, one for each day.</p>
      <form className="form challenge-form" onSubmit={onSubmit} noValidate>
        {notice ? (
          <Alert tone="warning" id={ids.notice}>
            {notice}
          </Alert>
        ) : null}
        <fieldset className="challenge-fieldset" aria-describedby={invalid === 'goals' && notice ? `${ids.hint} ${ids.notice}` : ids.hint}>
          <legend className="challenge-fieldset__legend">Your goals</legend>
          <p className="field__hint" id={ids.hint}>
            Pick one or two.
          </p>
          <ul className="challenge-goal-list">
            {goals.map((goal) => {
              const checked = draft.goals.includes(goal.id);
              return (
                <li key={goal.id}>
                  <label className={checked ? 'challenge-goal challenge-goal--checked' : 'challenge-goal'}>
                    <input
                      id={ids.goal(goal.id)}
                      type="checkbox"
                      name="goals"
                      value={goal.id}
                      checked={checked}
                      onChange={(event) => toggle(goal.id, event.target.checked)}
                    />
                    {goal.photoUrl ? <img src={goal.photoUrl} alt="" width={48} height={48} loading="lazy" decoding="async" /> : null}
                    <span className="challenge-goal__title">{goal.title}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <TextField
          id={ids.email}
          label="Your email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          hint="We e-mail you the plan as well."
          aria-invalid={invalid === 'email' || undefined}
          aria-describedby={invalid === 'email' && notice ? `${ids.email}-hint ${ids.notice}` : `${ids.email}-hint`}
          value={email}
          onChange={(event) => {
            setInvalid(null);
            onDraftChange({ ...draft, email: event.target.value });
          }}
        />
        <div className="challenge-actions">
          <Button type="submit" size="lg" loading={create.isPending} loadingText="Creating your plan…">
            Create My Plan
          </Button>
        </div>
      </form>
    </section>
  );
}
