// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flushOutcome, mergeQueued, resendDelay, type QueuedSave } from './queue-rules';

const save = (bookId: number, position: number, savedAt: number, completed = false, memberId = 7): QueuedSave => ({
  memberId,
  bookId,
  position,
  completed,
  savedAt,
});

describe('mergeQueued', () => {
  it('keeps only the newest plain position of a book', () => {
    let queue = mergeQueued([], save(1, 2, 100));
    queue = mergeQueued(queue, save(1, 3, 200));
    queue = mergeQueued(queue, save(1, 4, 300));
    expect(queue).toEqual([save(1, 4, 300)]);
  });

  it('keeps the save that completed the book beside the newest position (the completion is counted once, by the server)', () => {
    let queue = mergeQueued([], save(1, 6, 100, true));
    queue = mergeQueued(queue, save(1, 2, 200));
    queue = mergeQueued(queue, save(1, 3, 300));
    expect(queue).toEqual([save(1, 6, 100, true), save(1, 3, 300)]);
    // A second completion adds nothing: the first one stays, the newest save is the second.
    queue = mergeQueued(queue, save(1, 6, 400, true));
    expect(queue).toEqual([save(1, 6, 100, true), save(1, 6, 400, true)]);
  });

  it('a save made earlier than one already queued does not replace it (device clocks, two tabs)', () => {
    const queue = mergeQueued([save(1, 5, 500)], save(1, 1, 100));
    expect(queue).toEqual([save(1, 5, 500)]);
  });

  it("leaves other books and other members' saves alone, oldest first", () => {
    const queue = mergeQueued([save(2, 1, 300), save(1, 1, 100, false, 8)], save(1, 2, 200));
    expect(queue).toEqual([save(1, 1, 100, false, 8), save(1, 2, 200), save(2, 1, 300)]);
  });
});

describe('flushOutcome', () => {
  it.each([
    [null, 'sent'],
    [{ status: 0 }, 'stop'],
    [{ status: 401 }, 'stop'],
    [{ status: 429 }, 'stop'],
    [{ status: 500 }, 'stop'],
    [{ status: 503 }, 'stop'],
    [{ status: 400 }, 'drop'],
    [{ status: 404 }, 'drop'],
  ] as const)('%j → %s', (error, outcome) => {
    expect(flushOutcome(error)).toBe(outcome);
  });
});

describe('resendDelay', () => {
  it('sends again after 1, 2, 5, 15 and then every 60 seconds while a save waits for the connection or a busy server', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => resendDelay(0, attempt))).toEqual([1000, 2000, 5000, 15000, 60000, 60000, 60000]);
    expect(resendDelay(503, 0)).toBe(1000);
    expect(resendDelay(429, 2)).toBe(5000);
  });

  it('does not send again when nothing waits, or when only a sign-in can help', () => {
    expect(resendDelay(null, 0)).toBeNull();
    expect(resendDelay(401, 0)).toBeNull();
  });
});
