import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviewKeys } from '@/lib/review/query-keys';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe("the daily review's count on /home", () => {
  it('links "N to review" to /review when cards wait', async () => {
    signIn();
    server.use(http.get('/api/user/review/summary', () => ok({ toReview: 12 })));
    renderApp('/home');
    expect(await screen.findByRole('link', { name: '12 to review' })).toHaveAttribute('href', '/review');
  });

  it('shows nothing when there is nothing to review', async () => {
    signIn();
    server.use(http.get('/api/user/review/summary', () => ok({ toReview: 0 })));
    const { queryClient } = renderApp('/home');
    await screen.findByRole('heading', { name: 'Welcome Back, Ada!' });
    // The answer has come (and been rendered): a link would be on screen by now.
    await waitFor(() => expect(queryClient.getQueryData(reviewKeys.summary())).toEqual({ toReview: 0 }));
    expect(screen.queryByRole('link', { name: /to review/ })).not.toBeInTheDocument();
  });
});
