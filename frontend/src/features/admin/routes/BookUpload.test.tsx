import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBook } from '../api/types';
import { adminAccess, makeAdminBook } from '@/testing/admin-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { FakeXhr } from '../api/fake-xhr';
import { UPLOAD_TIMEOUT_MS } from '../api/upload';

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(path: string, book: AdminBook = makeAdminBook({ id: 5 })) {
  signIn('admin-token');
  server.use(
    ...adminAccess(),
    http.get('/api/admin/books/{bookId}', () => ok({ book })),
  );
  return renderApp(path);
}

const bar = () => screen.getByRole('progressbar', { name: 'Upload progress' });

async function chooseAndUpload(user: ReturnType<typeof renderApp>['user'], label: RegExp, file = new File(['fake'], 'cover.png', { type: 'image/png' })) {
  await user.upload(await screen.findByLabelText(label), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
  return { xhr: FakeXhr.last(), file };
}

describe('the upload screens', () => {
  it('uploads a cover with progress (info colour, success colour at 100%), the form disabled meanwhile', async () => {
    const { user } = open('/admin/book-photo/5', makeAdminBook({ id: 5, image: '', imageUrl: '' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cover photo' })).toBeInTheDocument();
    expect(await screen.findByText('This book has no cover photo yet.')).toBeInTheDocument();
    const { xhr, file } = await chooseAndUpload(user, /Cover photo file/);

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://localhost:4000/api/admin/books/photo/5');
    expect(xhr.headers.Authorization).toBe('Bearer admin-token');
    expect(xhr.timeout).toBe(UPLOAD_TIMEOUT_MS);
    const sent = xhr.body?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect(sent).toMatchObject({ name: 'cover.png', size: file.size, type: 'image/png' });
    expect(xhr.body?.get('fileName')).toBe('cover.png');
    expect(screen.getByLabelText(/Cover photo file/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();

    act(() => xhr.progress(40, 100));
    expect(bar()).toHaveAttribute('aria-valuenow', '40');
    expect(bar()).toHaveAttribute('aria-valuetext', '40%');
    expect(bar().firstElementChild).not.toHaveClass('upload-progress__fill--done');
    act(() => xhr.progress(100, 100));
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    expect(bar().firstElementChild).toHaveClass('upload-progress__fill--done');

    act(() => xhr.respond(200, { status: 'ok', result: { message: 'The photo was uploaded.', book: makeAdminBook({ id: 5 }) } }));
    expect(await screen.findByRole('status')).toHaveTextContent('The photo was uploaded.');
    expect(screen.getByRole('img', { name: 'Current cover photo of Walden' })).toHaveAttribute('src', '/media/public/covers/walden.png');
    expect(screen.getByLabelText(/Cover photo file/)).toBeEnabled();
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
  });

  it.each([
    [
      'the time limit passes',
      (xhr: FakeXhr) => xhr.timeOut(),
      'Upload failed. The upload timed out. Please try again with a smaller file or better internet connection.',
    ],
    ['no answer comes', (xhr: FakeXhr) => xhr.failNetwork(), 'No response from server. Please check your internet connection.'],
    [
      'the server refuses the file',
      (xhr: FakeXhr) => xhr.respond(400, { status: 'error', error: 'Please choose an audio file (MP3, M4A, WAV, OGG, FLAC or AAC).', code: 'wrong_kind' }),
      'Please choose an audio file (MP3, M4A, WAV, OGG, FLAC or AAC).',
    ],
    ['the server answers an error page', (xhr: FakeXhr) => xhr.respond(502, '<html>Bad gateway</html>', 'Bad Gateway'), 'Bad Gateway'],
    ['the server answers nothing useful', (xhr: FakeXhr) => xhr.respond(500, ''), 'Server error.'],
    ['the upload is cut off', (xhr: FakeXhr) => xhr.abort(), 'Upload failed. Please try again.'],
  ])('when %s it says so and the progress goes back to 0', async (_case, fail, message) => {
    const { user } = open('/admin/book-media/5');
    const { xhr } = await chooseAndUpload(user, /Audio narration file/, new File(['RIFF'], 'talk.wav', { type: 'audio/wav' }));
    act(() => xhr.progress(30, 100));
    expect(bar()).toHaveAttribute('aria-valuenow', '30');
    act(() => fail(xhr));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('asks for a file before sending anything', async () => {
    const { user } = open('/admin/book-vector/5');
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a file to upload.');
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('video: the label gives the ~5GB maximum, and the current video plays', async () => {
    open('/admin/book-video/5', makeAdminBook({ id: 5, video: '/media/premium/video/5.mp4?sig=abc' }));
    expect(await screen.findByLabelText('Video file (maximum about 5GB)')).toHaveAttribute('accept', 'video/*');
    const video = document.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/premium/video/5.mp4?sig=abc');
    expect(video).toHaveAttribute('controls');
  });

  it("media: shows the new narration's player with the link the server returns", async () => {
    const { user } = open('/admin/book-media/5');
    expect(await screen.findByText('This book has no audio narration yet.')).toBeInTheDocument();
    const { xhr } = await chooseAndUpload(user, /Audio narration file/, new File(['ID3'], 'talk.mp3', { type: 'audio/mpeg' }));
    act(() =>
      xhr.respond(200, {
        status: 'ok',
        result: { message: 'The media was uploaded.', book: makeAdminBook({ id: 5, mediaUrl: '/media/premium/audio/5.mp3?sig=x' }) },
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('The media was uploaded.');
    expect(document.querySelector('audio')).toHaveAttribute('src', '/media/premium/audio/5.mp3?sig=x');
  });

  it("infographic: the success text and the server's links", async () => {
    const { user } = open('/admin/book-infographic/5');
    const { xhr } = await chooseAndUpload(user, /Infographic file/);
    act(() =>
      xhr.respond(200, {
        status: 'ok',
        result: { message: 'The infographic was uploaded.', book: makeAdminBook({ id: 5, infographicUrl: '/media/premium/infographics/5.png?sig=y' }) },
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('The infographic was uploaded.');
    expect(screen.getByRole('img', { name: 'Current infographic of Walden' })).toHaveAttribute('src', '/media/premium/infographics/5.png?sig=y');
  });
});
