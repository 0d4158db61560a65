import { expect, type APIRequestContext, type Page } from '@playwright/test';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { confirmEmail, runSql, storeToken, totpCode, uniqueEmail } from './helpers';

export { runSql } from './helpers';

export interface Admin {
  email: string;
  password: string;
}

/**
 * A new admin for this test alone, signed in through the API with a second factor, the token
 * stored in this page: a member registered through the API turns two-factor on through the API,
 * gets the admin role as `cargo xtask make-admin` gives it (no call does), then signs in with a
 * code. No test waits for another's authenticator step, and none depends on another's admin.
 */
export async function signInAsAdmin(page: Page): Promise<Admin> {
  const admin = { email: uniqueEmail(), password: 'Sup3r-secret-pass' };
  const registered = await page.request.post('/api/user/register', {
    data: { username: admin.email, password: admin.password, firstName: 'Ada', lastName: 'Admin', timezone: 'UTC' },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  confirmEmail(admin.email);
  const memberToken = ((await registered.json()) as { result: { token: string } }).result.token;
  const headers = { Authorization: `Bearer ${memberToken}` };
  const setup = await page.request.post('/api/user/two-factor/setup', { headers });
  expect(setup.ok(), await setup.text()).toBeTruthy();
  const { secret } = ((await setup.json()) as { result: { secret: string } }).result;
  const enabled = await page.request.post('/api/user/two-factor/enable', { headers, data: { code: totpCode(secret) } });
  expect(enabled.ok(), await enabled.text()).toBeTruthy();
  expect(runSql(`UPDATE users SET role = 'admin' WHERE email = '${admin.email}' RETURNING role`)).toContain('admin');

  const first = await page.request.post('/api/user/login', { data: admin });
  expect(first.ok(), await first.text()).toBeTruthy();
  const { challenge } = ((await first.json()) as { result: { challenge: string } }).result;
  // Turning it on used this step's code and each step counts once; the server takes one step of
  // drift, so the app's next code is good whichever step the clock is in now.
  const second = await page.request.post('/api/user/login/two-factor', { data: { challenge, code: totpCode(secret, 1) } });
  expect(second.ok(), await second.text()).toBeTruthy();
  const { token } = ((await second.json()) as { result: { token: string } }).result;
  await storeToken(page, token);
  return admin;
}

/** Registers a member through a separate request context (the admin's cookies stay as they are). */
export async function registerMember(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/api/user/register', {
    data: { username: email, password: 'Sup3r-secret-pass', firstName: 'Mona', lastName: 'Member', timezone: 'UTC' },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  confirmEmail(email);
}

// ---- small files made here -------------------------------------------------------------------

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `size` × `size` PNG cover: a diagonal gradient (RGB, 8 bits). */
export function makePng(size = 96): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push((15 + (x * 200) / size) | 0, 82, (87 + (y * 150) / size) | 0);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A mono 16-bit PCM WAV of a 440 Hz tone, `seconds` long. */
export function makeWav(seconds = 2, rate = 22_050): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** An MP3's first bytes (an ID3 tag and a frame header) and then nothing a decoder can read. */
export function notReallyAnMp3(): Buffer {
  const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 251));
  return Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0\xff\xfb\x90\x64', 'latin1'), junk]);
}

export function uniqueTitle(): string {
  return `E2E Admin Book ${crypto.randomBytes(4).toString('hex')}`;
}

/**
 * Records every value the page's upload progress bar takes (a MutationObserver in the page), so a
 * test can tell that the bar moved through values below 100 and in which colour.
 */
export async function recordProgress(page: Page): Promise<() => Promise<{ value: number; done: boolean }[]>> {
  await page.evaluate(() => {
    const seen: { value: number; done: boolean }[] = [];
    (window as unknown as { __progress: typeof seen }).__progress = seen;
    const bar = document.querySelector('[role="progressbar"]');
    if (!bar) throw new Error('no progress bar');
    new MutationObserver(() => {
      seen.push({ value: Number(bar.getAttribute('aria-valuenow')), done: bar.firstElementChild?.classList.contains('upload-progress__fill--done') ?? false });
    }).observe(bar, { attributes: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: { value: number; done: boolean }[] }).__progress);
}
