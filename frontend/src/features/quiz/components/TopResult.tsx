import type { QuizMeta } from '../constants';
import { percent } from '../scoring';
import type { QuizResult } from '../api/types';

/** The heading of the free view: "Your strongest intelligence(s)" or "Your colour". */
export function topHeading(meta: QuizMeta, count: number): string {
  if (meta.id === 'personality-quiz') return 'Your colour';
  return count > 1 ? `Your strongest ${meta.typeLabel.many}` : `Your strongest ${meta.typeLabel.one}`;
}

/**
 * The free view: the top type(s) or colour with its summary, as the server decided them (ties of
 * the personality quiz included).
 */
export function TopResult({ meta, result }: { meta: QuizMeta; result: QuizResult }) {
  const allZero = result.top.length > 0 && result.top.every((top) => top.score === 0);
  return (
    <section className="card quiz-top" aria-labelledby="quiz-top-title">
      <h2 id="quiz-top-title" className="quiz-section__title">
        {topHeading(meta, result.top.length)}
      </h2>
      <ul className="quiz-top__list">
        {result.top.map((top) => (
          <li key={top.name} className="quiz-top__item" data-testid="quiz-top">
            <h3 className="quiz-top__name">{top.name}</h3>
            <p className="quiz-top__score">Score: {percent(top.score)}</p>
            <p className="quiz-top__summary">{top.summary}</p>
          </li>
        ))}
      </ul>
      {allZero ? <p className="quiz-note">You answered False to every statement: take the quiz again to find where you shine.</p> : null}
      {result.saved ? <p className="quiz-note">These results are kept on your account.</p> : null}
    </section>
  );
}
