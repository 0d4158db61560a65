import { Button } from '@/components/Button';
import { THUMB_BOOKS } from '../constants';
import { StepShell } from './StepShell';

export const WELCOME_TITLE = 'Welcome to Gistbook';

/** Step 4: a welcome, and what comes next. */
export function WelcomeStep({ onNext, focusHeading }: { onNext: () => void; focusHeading: boolean }) {
  return (
    <StepShell name="welcome" title={WELCOME_TITLE} focusHeading={focusHeading} className="onboarding-welcome">
      <p className="onboarding-step__lead">Glad you are here. Your plan is nearly ready.</p>
      <p className="onboarding-step__text">
        First, a quick look at {THUMB_BOOKS} books members have been reading lately: thumbs up or down, whichever you feel. Then we put your ten-day plan
        together.
      </p>
      <div className="onboarding-actions">
        <Button size="lg" onClick={onNext}>
          Continue
        </Button>
      </div>
    </StepShell>
  );
}
