import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { useQuizDefinition } from '../api/get-quiz';
import { useSubmitResults } from '../api/submit-results';
import { QuestionCard } from '../components/QuestionCard';
import { QuizDone } from '../components/QuizDone';
import { QUIZZES, TRANSITION_MS, type QuizMeta } from '../constants';
import { prefersReducedMotion } from '../motion';
import { countAnswers } from '../scoring';
import { storeCounts } from '../storage';
import type { QuizId } from '../types';
import '../quiz.css';

/**
 * /quiz (intelligence) and /personality-quiz (back-office spec, Quizzes): the questions of
 * GET /api/quizzes/{quiz} one at a time, True or False, 200 ms between two. After the last, the
 * totals go to sessionStorage (`quiz-results:{quiz}`) and to POST /api/quiz-results/{quiz} (kept
 * for a member), and the completion card links to the results page.
 */
export default function QuizRoute({ quiz }: { quiz: QuizId }) {
  const meta = QUIZZES[quiz];
  useDocumentTitle(meta.name);
  // One quiz's answers never carry into the other's.
  return <QuizPage key={quiz} meta={meta} />;
}

function QuizPage({ meta }: { meta: QuizMeta }) {
  const definition = useQuizDefinition(meta.id);
  const submit = useSubmitResults(meta.id);
  const [answers, setAnswers] = useState<boolean[]>([]);
  const [current, setCurrent] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const [done, setDone] = useState(false);
  /** The visitor answered or started again: each new question takes the focus. */
  const [moved, setMoved] = useState(false);
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const data = definition.data;
  const questions = data?.questions ?? [];

  const onAnswer = (value: boolean) => {
    if (!data || leaving || done || current >= questions.length) return;
    const given = [...answers.slice(0, current), value];
    setAnswers(given);
    const last = given.length >= questions.length;
    if (last) {
      // Kept at once: leaving the page during the fade loses nothing.
      const counts = countAnswers(data, given);
      storeCounts(meta.id, counts);
      submit.mutate(counts);
    }
    const advance = () => {
      timer.current = null;
      setLeaving(false);
      setMoved(true);
      if (last) setDone(true);
      else setCurrent(given.length);
    };
    if (prefersReducedMotion()) {
      advance();
      return;
    }
    setLeaving(true);
    timer.current = window.setTimeout(advance, TRANSITION_MS);
  };

  const onRestart = () => {
    submit.reset();
    setAnswers([]);
    setCurrent(0);
    setDone(false);
    setMoved(true);
  };

  const question = questions[current];
  let body;
  if (definition.isPending) {
    body = <Spinner label="Loading the quiz…" />;
  } else if (definition.isError) {
    body = (
      <>
        <Alert tone="error">{errorMessage(definition.error)}</Alert>
        <Button onClick={() => void definition.refetch()}>Try again</Button>
      </>
    );
  } else if (done) {
    body = (
      <QuizDone
        resultsPath={meta.resultsPath}
        saved={submit.data?.saved ?? false}
        error={submit.isError ? errorMessage(submit.error) : null}
        onRestart={onRestart}
      />
    );
  } else if (question) {
    body = <QuestionCard question={question} index={current} total={questions.length} leaving={leaving} focusQuestion={moved} onAnswer={onAnswer} />;
  } else {
    body = <Alert tone="info">This quiz has no questions yet. Please come back later.</Alert>;
  }

  return (
    <div className="page quiz">
      <header className="page__header">
        <h1 className="page__title">{data?.title ?? meta.name}</h1>
        <p className="page__lead">
          {done ? 'All done.' : `Read each statement and answer True if it sounds like you, False if it does not. One question at a time.`}
        </p>
      </header>
      {body}
    </div>
  );
}
