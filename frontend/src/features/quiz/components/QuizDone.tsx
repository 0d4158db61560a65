import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DONE_TITLE } from '../constants';
import { useFocusOn } from './use-focus-on';

interface QuizDoneProps {
  resultsPath: string;
  /** The results were kept on the member's account. */
  saved: boolean;
  /** Why the server did not take the results, if it did not. */
  error: string | null;
  onRestart: () => void;
}

/** The completion card: the quiz is done, the results are one link away; or start again. */
export function QuizDone({ resultsPath, saved, error, onRestart }: QuizDoneProps) {
  const heading = useFocusOn<HTMLHeadingElement>(true, 'done');
  return (
    <section className="card quiz-done" aria-labelledby="quiz-done-title">
      <span className="quiz-done__icon" aria-hidden="true">
        ✓
      </span>
      <h2 id="quiz-done-title" className="quiz-done__title" tabIndex={-1} ref={heading}>
        {DONE_TITLE}
      </h2>
      <p className="quiz-done__text">Thank you for answering every question. Your results are ready{saved ? ' and kept on your account' : ''}.</p>
      {error ? <Alert tone="warning">{error}</Alert> : null}
      <div className="quiz-actions">
        <Link className="btn btn--primary btn--lg" to={resultsPath}>
          See your results
        </Link>
        <Button size="lg" variant="ghost" onClick={onRestart}>
          Start again
        </Button>
      </div>
    </section>
  );
}
