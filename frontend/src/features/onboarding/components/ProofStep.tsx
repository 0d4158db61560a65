import { Button } from '@/components/Button';
import { StepShell } from './StepShell';

export const PROOF_TITLE = 'What you get with Gistbook';

/** What the product does: no member counts, no testimonials. */
export const PROOF_POINTS = [
  { title: 'Key ideas in about 15 minutes', text: 'Short summaries of non-fiction books, to read or to listen to.' },
  { title: 'Read, listen, see, watch', text: 'Audio for the summaries, and visual summaries and short videos for some books.' },
  { title: 'A plan for your goals', text: 'Ten books in ten days, one a day, with each day ticked off as you read it.' },
  { title: 'Picked for you', text: 'Recommendations from the subjects you choose, and your reading progress in one place.' },
  { title: 'Free to start', text: 'A free account reads three summaries on us. No credit card needed.' },
] as const;

/** Step 3: what members get, said plainly. */
export function ProofStep({ onNext, focusHeading }: { onNext: () => void; focusHeading: boolean }) {
  return (
    <StepShell name="proof" title={PROOF_TITLE} focusHeading={focusHeading} lead="Here is what your account gives you.">
      <ul className="onboarding-points">
        {PROOF_POINTS.map((point) => (
          <li key={point.title} className="onboarding-points__item">
            <span className="onboarding-points__tick" aria-hidden="true">
              ✓
            </span>
            <span>
              <strong className="onboarding-points__title">{point.title}</strong> {point.text}
            </span>
          </li>
        ))}
      </ul>
      <div className="onboarding-actions">
        <Button size="lg" onClick={onNext}>
          Continue
        </Button>
      </div>
    </StepShell>
  );
}
