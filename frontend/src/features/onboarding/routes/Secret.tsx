import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { ChallengeBookCard } from '@/components/ChallengeBookCard';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { AuthResponse, TenDayPlan } from '@/lib/api/types';
import { sessionKeys } from '@/lib/auth/session-api';
import { useToken } from '@/lib/auth/use-auth';
import { setToken } from '@/lib/storage';
import { useCarryChoices } from '../api/carry-choices';
import { onboardingPlanQueryOptions, useOnboardingPlan } from '../api/get-plan';
import { SignupSection } from '../components/SignupSection';
import { CHALLENGE_PAGE, GET_STARTED_PAGE } from '../constants';
import { clearChoices, isComplete, readChoices } from '../storage';
import '../onboarding.css';

export const SECRET_TITLE = 'Your personal reading plan';
export const SAVE_TITLE = 'Save this plan';

/** The choices /get-started kept, or nothing to make a plan from: the way to get started. */
function NoChoices() {
  return (
    <section className="card onboarding-step" aria-labelledby="onboarding-none-title">
      <h1 id="onboarding-none-title" className="onboarding-step__title">
        {SECRET_TITLE}
      </h1>
      <p className="onboarding-step__lead">Your plan is made from a few choices: your goals and the subjects you like. It takes a minute.</p>
      <div className="onboarding-actions">
        <Link className="btn btn--primary btn--lg" to={GET_STARTED_PAGE}>
          Get started
        </Link>
      </div>
    </section>
  );
}

/**
 * /secret, where onboarding ends: the plan for the choices kept by /get-started (POST
 * /api/onboarding/plan: ten books, day 1 to 10, and the goals' titles), then sign-up. Once signed
 * up (or for a member, on "Save this plan") the categories become the account's `recommends` and
 * the plan its ten-day plan (PUT /api/user/recommends, POST /api/user/ten-day-challenge-submit);
 * the kept choices are dropped and /ten-day-challenge shows the plan saved.
 */
export default function SecretRoute() {
  useDocumentTitle('Your Reading Plan');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useToken() !== null;
  const [choices] = useState(readChoices);
  const complete = isComplete(choices);
  const body = { goals: choices.goals, categories: choices.categories };
  const plan = useOnboardingPlan(body, { enabled: complete });
  const carry = useCarryChoices();
  const [carryError, setCarryError] = useState<string | null>(null);

  if (!complete) {
    return (
      <div className="page onboarding">
        <NoChoices />
      </div>
    );
  }

  const save = (made: TenDayPlan) => {
    if (carry.isPending) return;
    setCarryError(null);
    carry.mutate(
      { categories: choices.categories, goals: choices.goals, bookIds: made.bookIds },
      {
        onSuccess: () => {
          clearChoices();
          void navigate(CHALLENGE_PAGE, { replace: true });
        },
        onError: (error) => setCarryError(errorMessage(error)),
      },
    );
  };

  /** Signed up: a new identity (nothing cached from the visitor stays but the plan), then the choices go over. */
  const onSignedUp = (made: TenDayPlan) => (result: AuthResponse) => {
    setToken(result.token);
    queryClient.removeQueries();
    queryClient.setQueryData(onboardingPlanQueryOptions(body).queryKey, made);
    if (result.user) queryClient.setQueryData(sessionKeys.current(), { user: result.user });
    save(made);
  };

  const data = plan.data;
  const days = data ? [...data.books].sort((a, b) => a.dayNo - b.dayNo) : [];

  return (
    <div className="page onboarding onboarding-secret">
      <section className="card onboarding-plan-head" aria-labelledby="onboarding-secret-title">
        <h1 id="onboarding-secret-title" className="onboarding-step__title">
          {SECRET_TITLE}
        </h1>
        {data && data.userGoalTitles.length > 0 ? (
          <div className="onboarding-goals">
            <p className="onboarding-goals__label" id="onboarding-goals-label">
              Your goals
            </p>
            <ul className="onboarding-goals__list" aria-labelledby="onboarding-goals-label">
              {data.userGoalTitles.map((title) => (
                <li key={title} className="onboarding-goals__goal">
                  {title}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="onboarding-step__lead">Ten books for your goals and the subjects you picked: one a day, about 15 minutes each.</p>
        {plan.isPending ? <Spinner label="Making your plan…" /> : null}
        {plan.isError ? (
          <>
            <Alert tone="error">{errorMessage(plan.error)}</Alert>
            <p>
              <Link to={GET_STARTED_PAGE}>Change your choices</Link>
            </p>
          </>
        ) : null}
        {data && signedIn ? (
          <div className="onboarding-save">
            <h2 className="visually-hidden">{SAVE_TITLE}</h2>
            <p className="onboarding-step__text">Save it to your account: it becomes your ten-day plan, and your subjects your recommendations.</p>
            {carryError ? <Alert tone="warning">{carryError}</Alert> : null}
            <div className="onboarding-actions">
              <Button size="lg" onClick={() => save(data)} loading={carry.isPending} loadingText="Saving your plan…">
                {SAVE_TITLE}
              </Button>
            </div>
          </div>
        ) : null}
        {data && !signedIn ? (
          <p className="onboarding-plan-head__keep">
            <a href="#onboarding-signup">Create your free account to keep it</a>
          </p>
        ) : null}
      </section>

      {data ? (
        <ol className="onboarding-plan" aria-label="Your books, one a day">
          {days.map((book) => (
            <li key={book.id} className="onboarding-plan__day">
              <ChallengeBookCard book={book} />
            </li>
          ))}
        </ol>
      ) : null}

      {data && !signedIn ? <SignupSection onSignedUp={onSignedUp(data)} busy={carry.isPending} /> : null}
    </div>
  );
}
