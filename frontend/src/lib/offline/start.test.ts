// @vitest-environment node
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';

const put = vi.fn<(path: string, init: { body: unknown }) => Promise<unknown>>();
vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  api: { put: (path: string, init: { body: unknown }) => put(path, init) },
}));

// This file's mock of the API client, not another file's (docs/testing.md).
vi.resetModules();
const factory = new IDBFactory();
const { queueSave, queuedSaves } = await import('./queue');
const { sendQueued, stopResending } = await import('./start');

const MEMBER = 7;
const offline = () => new ApiError('There was an error processing your request.', { status: 0, code: 'network_error' });

beforeEach(() => {
  vi.stubGlobal('indexedDB', factory);
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('window', { localStorage: { getItem: (key: string) => (key === 'offlineMember' ? String(MEMBER) : null) } });
  put.mockReset();
});

afterEach(() => {
  stopResending();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets IndexedDB's work (real, not faked) run until `done` holds; fails if it never does. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1000 && !done(); turn += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

// Only the clock of the resends is faked: IndexedDB's own scheduling stays real.
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

describe('sending the queued saves when the device is back online', () => {
  it('sends again after 1 s, then 2 s, while the connection does not carry requests yet, until the server has the save', async () => {
    await queueSave({ memberId: MEMBER, bookId: 10, position: 1, completed: false, savedAt: 1000 });
    fakeClock();
    put.mockRejectedValueOnce(offline()).mockRejectedValueOnce(offline()).mockResolvedValue({});

    expect(await sendQueued()).toBe(0);
    expect(put).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(put).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => put.mock.calls.length === 2 && vi.getTimerCount() === 1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(put).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => put.mock.calls.length === 3 && vi.getTimerCount() === 0);
    expect(await queuedSaves(MEMBER)).toEqual([]);
    for (const [path, init] of put.mock.calls)
      expect([path, init.body]).toEqual(['/api/user-book-history/', { bookId: 10, position: 1, completed: false, savedAt: 1000 }]);

    // Nothing left: nothing more is sent.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(put).toHaveBeenCalledTimes(3);
  });

  it('waits for the next sign-in instead of sending again when the session has ended, and sends nothing offline', async () => {
    await queueSave({ memberId: MEMBER, bookId: 11, position: 2, completed: false, savedAt: 2000 });
    fakeClock();
    put.mockRejectedValue(new ApiError('Please sign in.', { status: 401 }));
    expect(await sendQueued()).toBe(0);
    expect(put).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);

    vi.stubGlobal('navigator', { onLine: false });
    expect(await sendQueued()).toBe(0);
    expect(put).toHaveBeenCalledTimes(1);
    expect(await queuedSaves(MEMBER)).toHaveLength(1);
  });
});
