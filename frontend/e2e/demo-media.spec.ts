import { expect, test } from './fixtures';
import { logInViaApi, readerPosition } from './helpers';

/**
 * The demo's narration and video as the seed makes them (espeak-ng and ffmpeg): the test servers'
 * seed narrates and films the first book with narration and slides, `meditations`, for real and
 * gives the others a short tone, so this plays what `cargo xtask run` gives every narrated book.
 */

const PREMIUM = { email: 'premium@gistbook.app', password: 'gistbook-premium' };

/** The sample rate of an MP3 file, from the header of its first frame (after any ID3 tag). */
function mp3SampleRate(bytes: Uint8Array): number {
  let at = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    // ID3v2: a 10-byte header, then a size in four 7-bit bytes.
    at = 10 + ((bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9]);
  }
  while (at + 4 < bytes.length && !(bytes[at] === 0xff && (bytes[at + 1] & 0xe0) === 0xe0)) at += 1;
  expect(at + 4, 'an MP3 frame').toBeLessThan(bytes.length);
  const version = (bytes[at + 1] >> 3) & 0b11; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const rateIndex = (bytes[at + 2] >> 2) & 0b11;
  const mpeg1 = [44100, 48000, 32000][rateIndex];
  return version === 3 ? mpeg1 : version === 2 ? mpeg1 / 2 : mpeg1 / 4;
}

test('the seeded narration is speech of every section at 22 kHz, and the seeded video plays', async ({ page }) => {
  await logInViaApi(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/books/meditations');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  const { total } = await readerPosition(page);

  const audio = page.locator('audio');
  await expect(audio).toHaveAttribute('src', /\.mp3/);
  const seconds = await audio.evaluate(
    (el: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        if (el.readyState >= 1) resolve(el.duration);
        el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
        el.addEventListener('error', () => reject(new Error(`audio error ${el.error?.code}`)), { once: true });
        el.load();
      }),
  );
  // The old stand-in was one 30 s tone for a whole book; speech takes well over 10 s a section.
  expect(seconds / total, `${seconds} s for ${total} sections`).toBeGreaterThan(10);

  const src = (await audio.getAttribute('src')) ?? '';
  const answer = await page.request.get(new URL(src, page.url()).toString());
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('audio/mpeg');
  expect(mp3SampleRate(new Uint8Array(await answer.body()))).toBeGreaterThanOrEqual(22050);

  await page.goto('/video/meditations');
  const video = page.getByLabel('Video summary of Meditations');
  await expect(video).toBeVisible();
  const played = await video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<{ duration: number; width: number }>((resolve, reject) => {
        el.muted = true;
        el.addEventListener('timeupdate', () => el.currentTime > 0 && resolve({ duration: el.duration, width: el.videoWidth }));
        el.addEventListener('error', () => reject(new Error(`video error ${el.error?.code}`)), { once: true });
        void el.play();
      }),
  );
  expect(played.duration).toBeGreaterThan(0);
  expect(played.width).toBeGreaterThan(0);
});
