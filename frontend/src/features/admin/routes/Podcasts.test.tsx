import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPodcastRequest, AdminPodcastView } from '../api/types';
import { adminAccess } from '@/testing/admin-data';
import { makeAdminPodcast } from '@/testing/content-data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { FakeXhr } from '../api/fake-xhr';

/** A fake podcasts API over one stored podcast; records what was sent. */
function podcastServer(first: AdminPodcastView = makeAdminPodcast({ id: 3, title: 'Rome Talks', author: 'Mary Beard' })) {
  let stored = first;
  const state = { added: [] as AdminPodcastRequest[], updated: [] as AdminPodcastRequest[] };
  server.use(
    ...adminAccess(),
    http.get('/api/admin/podcasts/', () => ok({ podcasts: [stored] })),
    http.get('/api/admin/podcasts/{id}', () => ok({ podcast: stored })),
    http.post('/api/admin/podcasts/', async ({ request }) => {
      const body = await request.json();
      state.added.push(body);
      return ok({ podcast: makeAdminPodcast({ id: 12, title: body.title ?? '', author: body.author ?? '' }) });
    }),
    http.put('/api/admin/podcasts/{id}', async ({ request }) => {
      const body = await request.json();
      state.updated.push(body);
      stored = { ...stored, title: body.title ?? stored.title, mins: body.mins ?? stored.mins };
      return ok({ podcast: stored });
    }),
  );
  return state;
}

describe('/admin/podcasts', () => {
  it('lists podcasts with links to add one, edit it, and upload its photo and audio', async () => {
    signIn();
    podcastServer();
    renderApp('/admin/podcasts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Podcasts' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Rome Talks/ });
    expect(within(row).getByText('Mary Beard', { exact: false })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Rome Talks' })).toHaveAttribute('href', '/admin/podcasts/3');
    expect(within(row).getByRole('link', { name: 'Photo of Rome Talks' })).toHaveAttribute('href', '/admin/podcast-photo/3');
    expect(within(row).getByRole('link', { name: 'Media of Rome Talks' })).toHaveAttribute('href', '/admin/podcast-media/3');
    expect(screen.getByRole('link', { name: 'Add podcast' })).toHaveAttribute('href', '/admin/podcast-add');
    expect(screen.getByRole('navigation', { name: 'Back office' }).querySelector('a[href="/admin/podcasts"]')).toHaveClass('admin-nav__link--active');
  });

  it('shows a failing list in the warning banner', async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/api/admin/podcasts/', () => fail(500, 'The database is away.')),
    );
    renderApp('/admin/podcasts');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is away.');
  });
});

describe('/admin/podcast-add', () => {
  it('asks for title, author, author description and description in turn, and minutes as a number', async () => {
    signIn();
    const state = podcastServer();
    const { user } = renderApp('/admin/podcast-add');
    const add = await screen.findByRole('button', { name: 'Add podcast' });
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Title.');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Rome Talks');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Author.');
    await user.type(screen.getByRole('textbox', { name: 'Author' }), 'Mary Beard');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Author Description.');
    await user.type(screen.getByRole('textbox', { name: 'Author Description' }), 'A classicist.');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Description.');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'On Rome.');
    await user.type(screen.getByRole('spinbutton', { name: 'Minutes' }), '-3');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please make sure Minutes is greater or equal to 0.');
    expect(state.added).toHaveLength(0);
  });

  it("adds the podcast and then shows only 'Podcast was added.' with the ways on", async () => {
    signIn();
    const state = podcastServer();
    const { user } = renderApp('/admin/podcast-add');
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Rome Talks');
    await user.type(screen.getByRole('textbox', { name: 'Author' }), 'Mary Beard');
    await user.type(screen.getByRole('textbox', { name: 'Author Description' }), 'A classicist.');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'On Rome.');
    await user.type(screen.getByRole('spinbutton', { name: 'Minutes' }), '25');
    await user.click(screen.getByRole('button', { name: 'Add podcast' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Podcast was added.');
    expect(state.added[0]).toEqual({ title: 'Rome Talks', author: 'Mary Beard', authorDesc: 'A classicist.', description: 'On Rome.', mins: 25 });
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audio' })).toHaveAttribute('href', '/admin/podcast-media/12');
    expect(screen.getByRole('link', { name: 'Cover photo' })).toHaveAttribute('href', '/admin/podcast-photo/12');
    expect(screen.getByRole('link', { name: 'Edit the podcast' })).toHaveAttribute('href', '/admin/podcasts/12');
  });
});

describe('/admin/podcasts/{id}', () => {
  it("edits with only title and author required, then shows the stored values and 'Podcast was updated.'", async () => {
    signIn();
    const state = podcastServer(makeAdminPodcast({ id: 3, title: 'Rome Talks', authorDesc: '', description: '' }));
    const { user } = renderApp('/admin/podcasts/3');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Rome Talks');
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(25);
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save podcast' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Title.');
    await user.type(title, 'Rome Talks, again');
    await user.clear(screen.getByRole('spinbutton', { name: 'Minutes' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Minutes' }), '31');
    await user.click(screen.getByRole('button', { name: 'Save podcast' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Podcast was updated.');
    expect(state.updated[0]).toMatchObject({ title: 'Rome Talks, again', mins: 31, authorDesc: '', description: '' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Rome Talks, again'));
  });
});

describe('the podcast upload screens', () => {
  beforeEach(() => {
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uploads the audio with progress and shows the new player with 'The media was uploaded.'", async () => {
    signIn('admin-token');
    podcastServer(makeAdminPodcast({ id: 3, title: 'Rome Talks' }));
    const { user } = renderApp('/admin/podcast-media/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Podcast audio' })).toBeInTheDocument();
    expect(await screen.findByText('This podcast has no audio yet.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Audio file'), new File(['RIFF'], 'talk.wav', { type: 'audio/wav' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = FakeXhr.last();
    expect(xhr.url).toBe('http://localhost:4000/api/admin/podcasts/media/3');
    expect(xhr.body?.get('fileName')).toBe('talk.wav');
    act(() => xhr.progress(50, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    act(() =>
      xhr.respond(200, {
        status: 'ok',
        result: {
          message: 'The media was uploaded.',
          podcast: makeAdminPodcast({ id: 3, title: 'Rome Talks', mediaUrl: '/media/premium/podcasts/3.wav?sig=x' }),
        },
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('The media was uploaded.');
    await waitFor(() => expect(document.querySelector('audio')).toHaveAttribute('src', '/media/premium/podcasts/3.wav?sig=x'));
  });

  it('sends the photo to the photo slot and shows a refusal as it came', async () => {
    signIn();
    podcastServer();
    const { user } = renderApp('/admin/podcast-photo/3');
    await user.upload(await screen.findByLabelText('Cover photo file'), new File(['x'], 'cover.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(FakeXhr.last().url).toBe('http://localhost:4000/api/admin/podcasts/photo/3');
    act(() => FakeXhr.last().respond(400, { status: 'error', error: 'Please choose an image (PNG, JPEG, WebP or GIF).', code: 'wrong_kind' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose an image (PNG, JPEG, WebP or GIF).');
  });
});
