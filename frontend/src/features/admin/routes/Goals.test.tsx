import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBookRequest, AdminGoalRequest, AdminGoalView } from '../api/types';
import { adminAccess, makeAdminBook } from '@/testing/admin-data';
import { ADMIN_GOALS, makeAdminGoal } from '@/testing/content-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { FakeXhr } from '../api/fake-xhr';

function goalServer(first: AdminGoalView = makeAdminGoal({ id: 2, title: 'Find calm', shortTitle: 'Calm', mobileTitle: '' })) {
  let stored = first;
  const state = { added: [] as AdminGoalRequest[], updated: [] as AdminGoalRequest[] };
  server.use(
    ...adminAccess(),
    http.get('/api/admin/goals/', () => ok({ goals: [stored] })),
    http.get('/api/admin/goals/{id}', () => ok({ goal: stored })),
    http.post('/api/admin/goals/', async ({ request }) => {
      const body = await request.json();
      state.added.push(body);
      return ok({ goal: makeAdminGoal({ id: 9, title: body.title ?? '', shortTitle: body.shortTitle ?? '' }) });
    }),
    http.put('/api/admin/goals/{id}', async ({ request }) => {
      const body = await request.json();
      state.updated.push(body);
      stored = { ...stored, title: body.title ?? '', shortTitle: body.shortTitle ?? '', mobileTitle: body.mobileTitle ?? '', desc: body.desc ?? '' };
      return ok({ goal: stored });
    }),
  );
  return state;
}

describe('/admin/goals', () => {
  it('lists goals with links to add one, edit it, and upload its photo and featured photo', async () => {
    signIn();
    goalServer();
    renderApp('/admin/goals');
    const row = await screen.findByRole('row', { name: /Find calm/ });
    expect(within(row).getByRole('link', { name: 'Edit Find calm' })).toHaveAttribute('href', '/admin/goal-edit/2');
    expect(within(row).getByRole('link', { name: 'Photo of Find calm' })).toHaveAttribute('href', '/admin/goals/photo/2');
    expect(within(row).getByRole('link', { name: 'Featured photo of Find calm' })).toHaveAttribute('href', '/admin/goals/featured-photo/2');
    expect(screen.getByRole('link', { name: 'Add goal' })).toHaveAttribute('href', '/admin/goal-add');
  });
});

describe('/admin/goal-add and /admin/goal-edit/{id}', () => {
  it("adding needs a title and a short title, then shows only 'Goal was added.'", async () => {
    signIn();
    const state = goalServer();
    const { user } = renderApp('/admin/goal-add');
    const add = await screen.findByRole('button', { name: 'Add goal' });
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Title.');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Sleep better');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Short Title.');
    await user.type(screen.getByRole('textbox', { name: 'Short Title' }), 'Sleep');
    // The mobile title is optional when adding.
    await user.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent('Goal was added.');
    expect(state.added).toEqual([{ title: 'Sleep better', shortTitle: 'Sleep', mobileTitle: '', desc: '' }]);
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Featured photo' })).toHaveAttribute('href', '/admin/goals/featured-photo/9');
  });

  it("editing also needs the mobile title, then shows the stored values and 'Goal was edited.'", async () => {
    signIn();
    const state = goalServer();
    const { user } = renderApp('/admin/goal-edit/2');
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Find calm');
    await user.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Mobile Title.');
    await user.type(screen.getByRole('textbox', { name: 'Mobile Title' }), 'Calm');
    await user.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Goal was edited.');
    expect(state.updated[0]).toMatchObject({ title: 'Find calm', shortTitle: 'Calm', mobileTitle: 'Calm' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Mobile Title' })).toHaveValue('Calm'));
  });
});

describe('the goal photo screens', () => {
  beforeEach(() => {
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the featured photo to feature-photo and shows it', async () => {
    signIn();
    goalServer();
    const { user } = renderApp('/admin/goals/featured-photo/2');
    expect(await screen.findByText('This goal has no featured photo yet.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Featured photo file'), new File(['x'], 'calm.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(FakeXhr.last().url).toBe('http://localhost:4000/api/admin/goals/feature-photo/2');
    act(() =>
      FakeXhr.last().respond(200, {
        status: 'ok',
        result: {
          message: 'The photo was uploaded.',
          goal: makeAdminGoal({ id: 2, title: 'Find calm', photov2: 'public/goals/2.png', photov2Url: '/media/public/goals/2.png' }),
        },
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('The photo was uploaded.');
    expect(await screen.findByRole('img', { name: 'Current featured photo of Find calm' })).toHaveAttribute('src', '/media/public/goals/2.png');
  });

  it('sends the photo to photo', async () => {
    signIn();
    goalServer();
    const { user } = renderApp('/admin/goals/photo/2');
    await user.upload(await screen.findByLabelText('Photo file'), new File(['x'], 'calm.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(FakeXhr.last().url).toBe('http://localhost:4000/api/admin/goals/photo/2');
  });
});

describe('the book form links books to goals', () => {
  it('shows the goals as a multi-select and sends the chosen ids', async () => {
    signIn();
    const updated: AdminBookRequest[] = [];
    const book = makeAdminBook({ id: 5, goals: [1] });
    server.use(
      ...adminAccess(),
      http.get('/api/admin/goals/', () => ok({ goals: ADMIN_GOALS })),
      http.get('/api/admin/books/{bookId}', () => ok({ book })),
      http.put('/api/admin/books/{bookId}', async ({ request }) => {
        const body = await request.json();
        updated.push(body);
        return ok({ book: { ...book, goals: body.goals ?? [] } });
      }),
    );
    const { user } = renderApp('/admin/book-edit/5');
    const goals = await screen.findByRole('group', { name: 'Goals' });
    expect(within(goals).getByRole('checkbox', { name: 'Be more productive' })).toBeChecked();
    expect(within(goals).getByRole('checkbox', { name: 'Find calm' })).not.toBeChecked();
    await user.click(within(goals).getByRole('checkbox', { name: 'Find calm' }));
    await user.click(screen.getByRole('button', { name: 'Save book' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Book was updated.');
    expect(updated[0].goals).toEqual([1, 2]);
  });
});
