import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecommendsResult } from '@/lib/api/types';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

const INTRO = 'Please pick the categories that you are interested in, and we will recommend books for you to read.';

function recordSaves(answer?: () => Response) {
  const saves: unknown[] = [];
  server.use(
    http.put('/api/user/recommends', async ({ request }) => {
      const body = await request.json();
      saves.push(body);
      return answer ? answer() : ok<RecommendsResult>({ user: makeUser({ id: 1, recommends: body.recommends }) });
    }),
  );
  return saves;
}

function recordEvents() {
  const events: unknown[] = [];
  server.use(
    http.post('/api/analytics/events', async ({ request }) => {
      events.push(await request.json());
      return ok({});
    }),
  );
  return events;
}

const withRecommends = (recommends: number[]) => server.use(http.get('/api/user/account', () => ok({ user: makeUser({ id: 1, recommends }) })));

describe('choose categories', () => {
  it('sends signed-out visitors to sign-up', async () => {
    const { router } = renderApp('/choose-categories/new');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Fchoose-categories%2Fnew'));
  });

  it('shows the breadcrumb, the text and a checkbox per category with its image', async () => {
    signIn();
    renderApp('/choose-categories/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set Preferences' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(breadcrumb).getByText('Set Preferences')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(INTRO)).toBeInTheDocument();
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['Philosophy', 'Self-Improvement', 'Economics']);
    expect(boxes.every((b) => !(b as HTMLInputElement).checked)).toBe(true);
    expect(boxes[0].closest('label')!.querySelector('img')).toHaveAttribute('src', '/media/public/categories/1.png');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it("alerts 'Please pick a category.' and sends nothing when none is checked", async () => {
    signIn();
    const saves = recordSaves();
    const { user } = renderApp('/choose-categories/new');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please pick a category.');
    expect(saves).toHaveLength(0);
  });

  it('saves the picks (new), sends the analytics event and goes to /home', async () => {
    signIn();
    const saves = recordSaves();
    const events = recordEvents();
    const { user, router } = renderApp('/choose-categories/new');
    await user.click(await screen.findByRole('checkbox', { name: 'Economics' }));
    await user.click(screen.getByRole('checkbox', { name: 'Philosophy' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(saves).toEqual([{ recommends: [1, 3] }]);
    await waitFor(() =>
      expect(events).toEqual([{ name: 'categories_selected', properties: { type: 'new', categoryIds: [1, 3], categories: ['philosophy', 'economics'] } }]),
    );
    expect(await screen.findByRole('heading', { name: 'Books Recommended For You' })).toBeInTheDocument();
  });

  it('sends a member who already chose from /choose-categories/new to /home', async () => {
    signIn();
    withRecommends([2]);
    const { router } = renderApp('/choose-categories/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('preselects the current picks on edit and shows the saved message', async () => {
    signIn();
    withRecommends([2]);
    const saves = recordSaves();
    const { user, router } = renderApp('/choose-categories/edit');
    const improvement = await screen.findByRole('checkbox', { name: 'Self-Improvement' });
    expect(improvement).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Philosophy' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Philosophy' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your preferences were successfully saved.')).toBeInTheDocument();
    expect(saves).toEqual([{ recommends: [1, 2] }]);
    expect(router.state.location.pathname).toBe('/choose-categories/edit');
  });

  it('unchecking everything on edit alerts and sends nothing', async () => {
    signIn();
    withRecommends([2]);
    const saves = recordSaves();
    const { user } = renderApp('/choose-categories/edit');
    await user.click(await screen.findByRole('checkbox', { name: 'Self-Improvement' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please pick a category.');
    expect(saves).toHaveLength(0);
  });

  it('shows the save error', async () => {
    signIn();
    recordSaves(() => fail(400, 'One of the categories does not exist.'));
    const { user, router } = renderApp('/choose-categories/new');
    await user.click(await screen.findByRole('checkbox', { name: 'Philosophy' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error processing your request. Please try again later.');
    expect(router.state.location.pathname).toBe('/choose-categories/new');
  });

  it("shows 'Couldn't fetch the user' when the account call fails", async () => {
    signIn();
    server.use(http.get('/api/user/account', () => fail(400, 'Nope.')));
    renderApp('/choose-categories/edit');
    expect(await screen.findByText("Couldn't fetch the user")).toBeInTheDocument();
  });

  it("shows 'Couldn't fetch the categories' when the categories call fails", async () => {
    signIn();
    server.use(http.get('/api/categories', ({ response }) => response.untyped(fail(400, 'Nope.'))));
    renderApp('/choose-categories/new');
    expect(await screen.findByText("Couldn't fetch the categories")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });
});
