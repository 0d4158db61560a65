import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api/client';
import { useOnboardingGoals } from '../api/get-goals';
import { MAX_GOALS, MESSAGES } from '../constants';
import { ChoiceList } from './ChoiceList';
import { StepShell } from './StepShell';

export const GOALS_TITLE = 'What do you want to get out of reading?';

interface GoalsStepProps {
  picked: number[];
  onChange: (goals: number[]) => void;
  onNext: (goals: number[]) => void;
  focusHeading: boolean;
}

/**
 * Step 1: one or two goals from GET /api/goals. A third is refused ('You can only pick two goals.',
 * the box stays unticked); none is refused on Continue.
 */
export function GoalsStep({ picked, onChange, onNext, focusHeading }: GoalsStepProps) {
  const goals = useOnboardingGoals();
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const ids = { alert: `${id}-alert`, hint: `${id}-hint`, box: `${id}-goal` };

  const toggle = (goalId: number, on: boolean) => {
    if (on && !picked.includes(goalId) && picked.length >= MAX_GOALS) {
      setNotice(MESSAGES.twoGoals);
      return;
    }
    setNotice(null);
    onChange(on ? [...picked.filter((x) => x !== goalId), goalId] : picked.filter((x) => x !== goalId));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const list = goals.data ?? [];
    // The goals in the list's order, only those the server still has.
    const chosen = list.map((goal) => goal.id).filter((goalId) => picked.includes(goalId));
    if (chosen.length === 0) {
      setNotice(MESSAGES.pickGoal);
      const first = list[0];
      if (first) document.getElementById(`${ids.box}-${first.id}`)?.focus();
      return;
    }
    if (chosen.length > MAX_GOALS) {
      setNotice(MESSAGES.twoGoals);
      return;
    }
    setNotice(null);
    onNext(chosen);
  };

  return (
    <StepShell name="goals" title={GOALS_TITLE} focusHeading={focusHeading} lead="We will put together a reading plan for what you want to work on.">
      {goals.isPending ? <Spinner label="Loading the goals…" /> : null}
      {goals.isError ? <Alert tone="error">{errorMessage(goals.error)}</Alert> : null}
      {goals.data ? (
        <form className="onboarding-form" onSubmit={onSubmit} noValidate>
          <ChoiceList
            legend="Your goals"
            hint="Pick one or two."
            hintId={ids.hint}
            name="goals"
            choices={goals.data.map((goal) => ({ id: goal.id, label: goal.title, image: goal.photoUrl }))}
            checked={picked}
            idPrefix={ids.box}
            invalid={notice !== null}
            alertId={ids.alert}
            onToggle={toggle}
          />
          {notice ? (
            <Alert tone="warning" id={ids.alert}>
              {notice}
            </Alert>
          ) : null}
          <div className="onboarding-actions">
            <Button type="submit" size="lg">
              Continue
            </Button>
          </div>
        </form>
      ) : null}
    </StepShell>
  );
}
