import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage, onAuthLost } from '@/lib/api/client';
import type { TenDayPlan } from '@/lib/api/types';
import type { GoalsResult } from '../api/types';
import { useSession } from '@/lib/auth/session-api';
import { SignInRedirect } from '@/lib/auth/sign-in-redirect';
import { useToken } from '@/lib/auth/use-auth';
import { clearPendingTenDayPlan, getPendingTenDayPlan, setPendingTenDayPlan, type PendingTenDayPlan } from '@/lib/storage';
import { useChallengeGoals } from '../api/get-goals';
import { useSavePlan } from '../api/save-plan';
import { GoalsForm, type PlanDraft } from '../components/GoalsForm';
import { Intro } from '../components/Intro';
import { PlanResults } from '../components/PlanResults';
import { LOGIN_DELAY_MS, SAVE_LOGIN_MESSAGE } from '../constants';
import { MAX_GOALS } from '../validation';
import '../challenge.css';

type Step = 'intro' | 'goals' | 'results';

const STEPS: { step: Step; label: string }[] = [
  { step: 'intro', label: 'The challenge' },
  { step: 'goals', label: 'Your goals' },
  { step: 'results', label: 'Your plan' },
];

/** A plan just made, not saved: the goals it was made for and the server's answer. */
interface MadePlan {
  goals: number[];
  plan: TenDayPlan;
}

/** The member's saved plan, when GET /api/goals has one. */
function savedPlanOf(data: GoalsResult | undefined) {
  if (!data || data.userBookRecommendations.length === 0) return null;
  const titles = data.userGoals.flatMap((goalId) => data.goals.filter((goal) => goal.id === goalId).map((goal) => goal.title));
  return { books: data.userBookRecommendations, goalTitles: titles, goals: data.userGoals };
}

/** 4xx but "not logged in": the server refused this plan, asking again will not help. */
function refused(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && !error.notLoggedIn;
}

/**
 * /ten-day-challenge (back-office spec, Ten-day challenge; docs/challenge.md): 1 the intro, 2 the
 * goals and the e-mail, 3 the plan of ten books. A member's saved plan (GET /api/goals) opens on
 * step 3, saved. Saving signed in posts the plan and asks GET /api/goals again; signed out, the
 * plan waits in sessionStorage (`tenDayGoals`, `tenDayBookIds`) while the visitor logs in, and is
 * saved when they come back here signed in.
 */
export default function TenDayChallengeRoute() {
  useDocumentTitle('Ten-Day Challenge');
  const token = useToken();
  const signedIn = token !== null;
  const goals = useChallengeGoals(signedIn);
  const session = useSession({ enabled: signedIn });
  const save = useSavePlan();
  const { mutate: saveMutate } = save;

  /** null: what the server says (the saved plan, else the intro) until the visitor moves. */
  const [step, setStep] = useState<Step | null>(null);
  /** The visitor moved between steps: the new step's heading takes the focus. */
  const [moved, setMoved] = useState(false);
  const [draft, setDraft] = useState<PlanDraft>({ goals: [], email: null });
  const [made, setMade] = useState<MadePlan | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [loggingIn, setLoggingIn] = useState(false);
  // A plan kept while the visitor logged in: saved as soon as the page opens signed in.
  const [stored] = useState(() => (signedIn ? getPendingTenDayPlan() : null));
  const [restoring, setRestoring] = useState(stored !== null);
  const storedSent = useRef(false);
  /** The plan being saved, kept for after logging in should the session be lost meanwhile. */
  const saving = useRef<PendingTenDayPlan | null>(null);

  /** Keep the plan for after logging in, say so, and open the login page in a second (`SignInRedirect`). */
  const keepForLogin = useCallback((plan: PendingTenDayPlan) => {
    setPendingTenDayPlan(plan);
    setLoggingIn(true);
  }, []);

  const savePlan = useCallback(
    (plan: PendingTenDayPlan, fromStorage: boolean) => {
      saving.current = plan;
      saveMutate(plan, {
        onSuccess: () => {
          clearPendingTenDayPlan();
          setMade(null);
          // The saved plan, from GET /api/goals.
          setStep(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.notLoggedIn) {
            keepForLogin(plan);
            return;
          }
          // A kept plan the server refuses would be refused on every visit.
          if (fromStorage && refused(error)) clearPendingTenDayPlan();
          setSaveError(errorMessage(error));
        },
        onSettled: () => {
          saving.current = null;
          if (fromStorage) setRestoring(false);
        },
      });
    },
    [saveMutate, keepForLogin],
  );

  useEffect(() => {
    if (!stored || storedSent.current) return;
    storedSent.current = true;
    savePlan(stored, true);
  }, [stored, savePlan]);

  // The server no longer knows the member and no refresh helped: the shell goes to log in and back
  // here (/login?redirect=%2Ften-day-challenge); this page keeps a plan that was being saved.
  useEffect(
    () =>
      onAuthLost(() => {
        if (saving.current) setPendingTenDayPlan(saving.current);
      }),
    [],
  );

  const savedPlan = savedPlanOf(goals.data);
  let shown: Step = step ?? (savedPlan ? 'results' : 'intro');
  if (shown === 'results' && !made && !savedPlan) shown = 'intro';

  const goTo = (next: Step) => {
    setMoved(true);
    setSaveError(null);
    setStep(next);
  };

  const onSave = () => {
    if (!made || save.isPending || loggingIn) return;
    const plan = { goals: made.goals, bookIds: made.plan.bookIds };
    setSaveError(null);
    if (signedIn) savePlan(plan, false);
    else keepForLogin(plan);
  };

  const onNewPlan = () => {
    setMade(null);
    // Start from the goals of the plan shown.
    const known = new Set(goals.data?.goals.map((goal) => goal.id) ?? []);
    const previous = made?.goals ?? savedPlan?.goals ?? [];
    if (draft.goals.length === 0 && previous.length > 0) setDraft({ ...draft, goals: previous.filter((goalId) => known.has(goalId)).slice(0, MAX_GOALS) });
    goTo('goals');
  };

  const onCreated = (picked: number[], plan: TenDayPlan) => {
    setMade({ goals: picked, plan });
    goTo('results');
  };

  const current = STEPS.findIndex((entry) => entry.step === shown);
  const loading = restoring || (step === null && goals.isPending);
  let body: ReactNode;
  if (restoring) {
    body = <Spinner label="Saving your reading plan…" />;
  } else if (loading) {
    body = <Spinner label="Loading the challenge…" />;
  } else if (shown === 'intro') {
    body = <Intro signedIn={signedIn} focusHeading={moved} onStart={() => goTo('goals')} />;
  } else if (shown === 'goals') {
    body = goals.data ? (
      <GoalsForm
        goals={goals.data.goals}
        draft={draft}
        onDraftChange={setDraft}
        memberEmail={session.data?.user.email ?? ''}
        focusHeading={moved}
        onCreated={onCreated}
      />
    ) : goals.isPending ? (
      <Spinner label="Loading the goals…" />
    ) : null;
  } else {
    // `shown` is only 'results' with a plan just made or a saved one.
    const results = made
      ? { books: made.plan.books, goalTitles: made.plan.userGoalTitles, saved: false }
      : { books: savedPlan?.books ?? [], goalTitles: savedPlan?.goalTitles ?? [], saved: true };
    body = (
      <PlanResults
        // A plan just saved is shown anew: its heading takes the focus (the Save button is gone).
        key={results.saved ? 'saved' : 'unsaved'}
        books={results.books}
        goalTitles={results.goalTitles}
        saved={results.saved}
        // A member's saved plan only (a visitor has none).
        reminders={results.saved && signedIn ? (goals.data?.reminders ?? false) : undefined}
        focusHeading={moved}
        saving={save.isPending}
        loggingIn={loggingIn}
        error={saveError}
        onSave={onSave}
        onNewPlan={onNewPlan}
      />
    );
  }

  return (
    <div className="page challenge">
      <header className="page__header">
        <h1 className="page__title">Ten-Day Challenge</h1>
        <p className="page__lead">Ten great books in ten days, one a day, picked for the goals you choose.</p>
        {loading ? null : (
          <ol className="challenge-steps" aria-label="Steps">
            {STEPS.map((entry, index) => (
              <li
                key={entry.step}
                className={index === current ? 'challenge-steps__step challenge-steps__step--current' : 'challenge-steps__step'}
                aria-current={index === current ? 'step' : undefined}
              >
                <span className="challenge-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                {entry.label}
              </li>
            ))}
          </ol>
        )}
      </header>
      {goals.isError ? <Alert tone="error">{errorMessage(goals.error)}</Alert> : null}
      {/* A kept plan the server would not save, or the session lost saving it (step 3 says its own). */}
      {saveError && !restoring && shown !== 'results' ? <Alert tone="warning">{saveError}</Alert> : null}
      {loggingIn && shown !== 'results' ? <Alert tone="info">{SAVE_LOGIN_MESSAGE}</Alert> : null}
      {/* Spec: the login page (and back here) a second after the visitor asked to save. */}
      {loggingIn ? <SignInRedirect delayMs={LOGIN_DELAY_MS} /> : null}
      {body}
    </div>
  );
}
