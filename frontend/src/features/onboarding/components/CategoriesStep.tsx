import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api/client';
import { useCategories } from '@/lib/catalogue/categories-api';
import { MESSAGES } from '../constants';
import { ChoiceList } from './ChoiceList';
import { StepShell } from './StepShell';

export const CATEGORIES_TITLE = 'Which subjects interest you?';

interface CategoriesStepProps {
  picked: number[];
  onChange: (categories: number[]) => void;
  onNext: (categories: number[]) => void;
  focusHeading: boolean;
}

/** Step 2: at least one category (GET /api/categories); they become the account's `recommends`. */
export function CategoriesStep({ picked, onChange, onNext, focusHeading }: CategoriesStepProps) {
  const categories = useCategories();
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const ids = { alert: `${id}-alert`, hint: `${id}-hint`, box: `${id}-category` };

  const toggle = (categoryId: number, on: boolean) => {
    setNotice(null);
    onChange(on ? [...picked.filter((x) => x !== categoryId), categoryId] : picked.filter((x) => x !== categoryId));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const list = categories.data?.categories ?? [];
    // The categories in the list's order, only those the server still has.
    const chosen = list.map((category) => category.id).filter((categoryId) => picked.includes(categoryId));
    if (chosen.length === 0) {
      setNotice(MESSAGES.pickCategory);
      const first = list[0];
      if (first) document.getElementById(`${ids.box}-${first.id}`)?.focus();
      return;
    }
    setNotice(null);
    onNext(chosen);
  };

  return (
    <StepShell name="categories" title={CATEGORIES_TITLE} focusHeading={focusHeading} lead="Your plan and your recommendations come from these.">
      {categories.isPending ? <Spinner label="Loading the categories…" /> : null}
      {categories.isError ? <Alert tone="error">{errorMessage(categories.error)}</Alert> : null}
      {categories.data ? (
        <form className="onboarding-form" onSubmit={onSubmit} noValidate>
          <ChoiceList
            legend="Categories"
            hint="Pick as many as you like, at least one."
            hintId={ids.hint}
            name="categories"
            choices={categories.data.categories.map((category) => ({ id: category.id, label: category.name, image: category.small_image }))}
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
