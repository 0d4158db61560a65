import type { BookCard } from '@/lib/api/types';
import type { OnboardingChoices } from '@/features/onboarding/api/types';
import { makeTenDayPlan } from './challenge-data';
import { makeBook } from './data';
import { fail, http, ok } from './handlers';
import { server } from './server';

/** Fixtures of onboarding (/get-started, /secret; docs in contracts/issue16-s2.md). */

/** Six books read most lately, covers and all (step 5 shows the first five). */
export const TRENDING_BOOKS: BookCard[] = ['Atomic Habits', 'Deep Work', 'Walden', 'Meditations', 'Quiet', 'Sapiens'].map((title, index) =>
  makeBook({ id: 501 + index, title, author: `Author ${index + 1}`, image: `/media/public/covers/${501 + index}.jpg` }),
);

/**
 * Answers POST /api/onboarding/plan with ten books for the goals (or with the refusal `refuse`
 * gives for a body) and records the bodies sent.
 */
export function recordOnboardingPlans(refuse?: (body: OnboardingChoices) => ReturnType<typeof fail> | undefined): OnboardingChoices[] {
  const sent: OnboardingChoices[] = [];
  server.use(
    http.post('/api/onboarding/plan', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return refuse?.(body) ?? ok(makeTenDayPlan(body.goals ?? []));
    }),
  );
  return sent;
}
