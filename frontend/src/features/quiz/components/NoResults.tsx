import { Link } from 'react-router';
import { NO_RESULTS_TITLE, type QuizMeta } from '../constants';

/** Neither results of this session nor kept ones: the way to the quiz. */
export function NoResults({ meta }: { meta: QuizMeta }) {
  return (
    <section className="card quiz-empty" aria-labelledby="quiz-empty-title">
      <h2 id="quiz-empty-title" className="quiz-section__title">
        {NO_RESULTS_TITLE}
      </h2>
      <p>Answer a few quick True or False questions and your results show here.</p>
      <div className="quiz-actions">
        <Link className="btn btn--primary btn--lg" to={meta.path}>
          Take the quiz
        </Link>
      </div>
    </section>
  );
}
