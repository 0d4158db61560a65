import { useId } from 'react';
import { Button } from '@/components/Button';
import { ProgressBar } from '@/components/ProgressBar';
import type { QuizQuestion } from '../api/types';
import { useFocusOn } from './use-focus-on';

interface QuestionCardProps {
  question: QuizQuestion;
  /** 0-based. */
  index: number;
  total: number;
  /** The answer was given: the card fades out before the next question (clicks are ignored). */
  leaving: boolean;
  /** Focus the question as it shows (after the first). */
  focusQuestion: boolean;
  onAnswer: (value: boolean) => void;
}

/** "Question 3 of 18" */
export function progressText(index: number, total: number): string {
  return `Question ${index + 1} of ${total}`;
}

/**
 * One statement of the quiz with its progress and the True / False buttons (a group named by the
 * statement). Each question enters with a short fade (none with reduced motion).
 */
export function QuestionCard({ question, index, total, leaving, focusQuestion, onAnswer }: QuestionCardProps) {
  const id = useId();
  const heading = useFocusOn<HTMLHeadingElement>(focusQuestion, index);
  const progress = progressText(index, total);
  const answer = (value: boolean) => {
    if (!leaving) onAnswer(value);
  };
  return (
    <section className="card quiz-question" aria-labelledby={`${id}-text`} data-testid="quiz-question">
      <div className="quiz-progress">
        <p className="quiz-progress__label" id={`${id}-progress`}>
          {progress}
        </p>
        <ProgressBar
          label="Quiz progress"
          value={index + 1}
          max={total}
          valueText={progress}
          className="quiz-progress__track"
          fillClassName="quiz-progress__fill"
        />
      </div>
      {/* Keyed by the question: each one enters anew. */}
      <div key={index} className={leaving ? 'quiz-question__body quiz-question__body--leaving' : 'quiz-question__body'}>
        <h2 id={`${id}-text`} className="quiz-question__text" tabIndex={-1} ref={heading} aria-describedby={`${id}-progress`}>
          {question.text}
        </h2>
        <div className="quiz-answers" role="group" aria-labelledby={`${id}-text`}>
          <Button size="lg" className="quiz-answers__button" aria-disabled={leaving || undefined} onClick={() => answer(true)}>
            True
          </Button>
          <Button size="lg" variant="secondary" className="quiz-answers__button" aria-disabled={leaving || undefined} onClick={() => answer(false)}>
            False
          </Button>
        </div>
      </div>
    </section>
  );
}
