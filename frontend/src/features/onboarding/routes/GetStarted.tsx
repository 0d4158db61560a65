import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/Button';
import { ProgressBar } from '@/components/ProgressBar';
import { useDocumentTitle } from '@/components/use-document-title';
import { CategoriesStep } from '../components/CategoriesStep';
import { GoalsStep } from '../components/GoalsStep';
import { PersonalizingStep } from '../components/PersonalizingStep';
import { ProofStep } from '../components/ProofStep';
import { ThumbsStep } from '../components/ThumbsStep';
import { WelcomeStep } from '../components/WelcomeStep';
import { MAX_GOALS, PROGRESS, SECRET_PAGE, STEPS, type Step } from '../constants';
import { readChoices, writeChoices, type KeptChoices } from '../storage';
import '../onboarding.css';

/** A kept step the choices do not support yet falls back to the step that is missing. */
export function resumeStep(choices: KeptChoices): Step {
  const at = STEPS.indexOf(choices.step);
  if (at > 0 && (choices.goals.length === 0 || choices.goals.length > MAX_GOALS)) return 'goals';
  if (at > 1 && choices.categories.length === 0) return 'categories';
  return choices.step;
}

/** The step before `step` (none before the goals, and none once personalizing has started). */
function previousStep(step: Step): Step | null {
  const at = STEPS.indexOf(step);
  if (at <= 0 || step === 'personalizing') return null;
  return STEPS[at - 1] ?? null;
}

/**
 * /get-started (back-office spec, Onboarding): 1 goals, 2 categories, 3 what members get, 4 welcome,
 * 5 five book covers to thumb up or down, 6 a personalizing counter, then /secret. A progress bar
 * (0, 33, 50, 67, 83%) and a Back button; the choices and the step are kept in sessionStorage
 * (`onboarding`), so a reload comes back to them and /secret reads them.
 */
export default function GetStartedRoute() {
  useDocumentTitle('Get Started');
  const navigate = useNavigate();
  const [choices, setChoices] = useState<KeptChoices>(() => {
    const kept = readChoices();
    return { ...kept, step: resumeStep(kept) };
  });
  /** The visitor moved between steps: the new step's heading takes the focus. */
  const [moved, setMoved] = useState(false);
  const { step } = choices;

  const update = (changes: Partial<KeptChoices>, move: boolean) => {
    const next = { ...choices, ...changes };
    setChoices(next);
    writeChoices(next);
    if (move) setMoved(true);
  };

  const onPersonalized = useCallback(() => {
    // Back here later (from /secret), the visitor starts again at step 1, their choices ticked.
    writeChoices({ ...choices, step: 'goals', book: 0 });
    void navigate(SECRET_PAGE);
  }, [choices, navigate]);

  const back = () => {
    if (step === 'books' && choices.book > 0) {
      update({ book: choices.book - 1 }, false);
      return;
    }
    const previous = previousStep(step);
    if (previous) update({ step: previous, book: 0 }, true);
  };

  let body: ReactNode;
  switch (step) {
    case 'goals':
      body = (
        <GoalsStep
          picked={choices.goals}
          onChange={(goals) => update({ goals }, false)}
          onNext={(goals) => update({ goals, step: 'categories' }, true)}
          focusHeading={moved}
        />
      );
      break;
    case 'categories':
      body = (
        <CategoriesStep
          picked={choices.categories}
          onChange={(categories) => update({ categories }, false)}
          onNext={(categories) => update({ categories, step: 'proof' }, true)}
          focusHeading={moved}
        />
      );
      break;
    case 'proof':
      body = <ProofStep onNext={() => update({ step: 'welcome' }, true)} focusHeading={moved} />;
      break;
    case 'welcome':
      body = <WelcomeStep onNext={() => update({ step: 'books', book: 0 }, true)} focusHeading={moved} />;
      break;
    case 'books':
      body = (
        <ThumbsStep
          index={choices.book}
          onIndex={(book) => update({ book }, false)}
          onDone={() => update({ step: 'personalizing', book: 0 }, true)}
          focusHeading={moved}
        />
      );
      break;
    case 'personalizing':
      body = <PersonalizingStep onDone={onPersonalized} focusHeading={moved} />;
      break;
  }

  const number = STEPS.indexOf(step) + 1;
  const progress = PROGRESS[step];
  const canGoBack = step !== 'goals' && step !== 'personalizing';

  return (
    <div className="page onboarding">
      <div className="onboarding-top">
        {canGoBack ? (
          <Button variant="ghost" size="sm" className="onboarding-top__back" onClick={back}>
            <span aria-hidden="true">← </span>Back
          </Button>
        ) : null}
        <p className="onboarding-top__step">
          Step {number} of {STEPS.length}
        </p>
      </div>
      <ProgressBar
        label="Your progress"
        value={progress}
        max={100}
        valueText={`${progress}%`}
        className="onboarding-bar"
        fillClassName="onboarding-bar__fill"
      />
      {body}
    </div>
  );
}
