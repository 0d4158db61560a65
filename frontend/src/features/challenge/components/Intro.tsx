import { Link } from 'react-router';
import { Button } from '@/components/Button';
import { CHALLENGE_LOGIN, PLAN_DAYS } from '../constants';
import { useStepHeading } from './use-step-heading';

export const INTRO_TITLE = 'Read ten books in ten days';

const POINTS = [
  'Pick one or two goals: be more productive, find calm, lead better…',
  `Get ${PLAN_DAYS} book summaries picked for them, one a day, about 15 minutes each.`,
  'Save your plan and see your days done as you read.',
];

/** Step 1: what the challenge is, the way in and, for a visitor who already has a plan, logging in. */
export function Intro({ signedIn, focusHeading, onStart }: { signedIn: boolean; focusHeading: boolean; onStart: () => void }) {
  const heading = useStepHeading(focusHeading);
  return (
    <section className="card challenge-step challenge-intro" aria-labelledby="challenge-intro-title">
      <p className="challenge-intro__badge">Free challenge</p>
      <h2 id="challenge-intro-title" className="challenge-step__title" tabIndex={-1} ref={heading}>
        {INTRO_TITLE}
      </h2>
      <p className="challenge-step__text">
        The ten-day challenge is free: tell us what you want to get better at and we will put together a reading plan of great books for it, and e-mail it to
        you.
      </p>
      <ul className="challenge-intro__points">
        {POINTS.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <div className="challenge-actions">
        <Button size="lg" onClick={onStart}>
          Start the Challenge
        </Button>
      </div>
      {signedIn ? null : (
        <p className="challenge-intro__login">
          Already started? <Link to={CHALLENGE_LOGIN}>Log in to continue</Link>
        </p>
      )}
    </section>
  );
}
