// @vitest-environment node
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';

const put = vi.fn<(path: string, init: { body: unknown }) => Promise<unknown>>();
vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  api: { put: (path: string, init: { body: unknown }) => put(path, init) },
}));

// One database for the file (the module keeps its connection); each test uses its own member.
// This file's mock of the API client, not another file's (docs/testing.md).
vi.resetModules();
const factory = new IDBFactory();
const { flushQueue, queueSave, queuedSaves } = await import('./queue');

beforeEach(() => {
  vi.stubGlobal('indexedDB', factory);
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  put.mockReset();
});

const offline = () => new ApiError('There was an error processing your request.', { status: 0, code: 'network_error' });

describe('the offline position queue', () => {
  it('sends the saves oldest first, each with the time it was made, and keeps what could not go', async () => {
    await queueSave({ memberId: 1, bookId: 10, position: 2, completed: false, savedAt: 1000 });
    await queueSave({ memberId: 1, bookId: 11, position: 6, completed: true, savedAt: 2000 });
    await queueSave({ memberId: 1, bookId: 10, position: 3, completed: false, savedAt: 3000 });
    await queueSave({ memberId: 2, bookId: 10, position: 1, completed: false, savedAt: 1500 });
    expect((await queuedSaves(1)).map((save) => save.savedAt)).toEqual([2000, 3000]);

    put.mockResolvedValueOnce({}).mockRejectedValueOnce(offline());
    expect(await flushQueue(1)).toEqual({ sent: 1, stoppedBy: 0 });
    expect(put.mock.calls.map(([path, init]) => [path, init.body])).toEqual([
      ['/api/user-book-history/', { bookId: 11, position: 6, completed: true, savedAt: 2000 }],
      ['/api/user-book-history/', { bookId: 10, position: 3, completed: false, savedAt: 3000 }],
    ]);
    expect((await queuedSaves(1)).map((save) => save.savedAt)).toEqual([3000]);

    put.mockResolvedValue({});
    expect(await flushQueue(1)).toEqual({ sent: 1, stoppedBy: null });
    expect(await queuedSaves(1)).toEqual([]);
    // Another member's saves are theirs to send.
    expect(await queuedSaves(2)).toHaveLength(1);
  });

  it('drops a save the server refuses for good, and stops at a failing server', async () => {
    await queueSave({ memberId: 3, bookId: 404, position: 1, completed: false, savedAt: 1000 });
    await queueSave({ memberId: 3, bookId: 12, position: 1, completed: false, savedAt: 2000 });
    put.mockRejectedValueOnce(new ApiError('No such book.', { status: 404 })).mockRejectedValueOnce(new ApiError('boom', { status: 500 }));
    expect(await flushQueue(3)).toEqual({ sent: 0, stoppedBy: 500 });
    expect((await queuedSaves(3)).map((save) => save.bookId)).toEqual([12]);
  });
});
