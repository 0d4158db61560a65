import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { shouldRetryRead } from './query-client';

const busy = new ApiError('The service is busy right now. Please try again in a moment.', { status: 503, code: 'unavailable' });

describe('shouldRetryRead', () => {
  it('never tries a client error again', () => {
    for (const status of [400, 401, 403, 404, 429]) {
      expect(shouldRetryRead(0, new ApiError('no', { status }))).toBe(false);
    }
  });

  it('tries a busy answer (503) three more times, then gives up', () => {
    expect([0, 1, 2, 3].map((failures) => shouldRetryRead(failures, busy))).toEqual([true, true, true, false]);
  });

  it('tries any other failure once more, a provider that is not configured among them', () => {
    const notConfigured = new ApiError('Google sign-in is not configured.', { status: 503, code: 'provider_not_configured' });
    for (const error of [new ApiError('There was an error', { status: 500 }), new TypeError('Failed to fetch'), notConfigured]) {
      expect([0, 1].map((failures) => shouldRetryRead(failures, error))).toEqual([true, false]);
    }
  });
});
