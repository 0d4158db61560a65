import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, fail, notLoggedIn, ok } from '@/testing/handlers';
import { server } from '@/testing/server';
import { getToken, getTokenDate, setToken } from '@/lib/storage';
import { api, apiBaseUrl, ApiError, onAuthLost } from './client';

/** A protected endpoint that accepts only `Bearer fresh`. */
function protectedEndpoint(path: string, seen: (string | null)[]) {
  return http.get(`${API}${path}`, ({ request }) => {
    const auth = request.headers.get('Authorization');
    seen.push(auth);
    return auth === 'Bearer fresh' ? ok({ path }) : notLoggedIn();
  });
}

describe('apiBaseUrl', () => {
  it('uses port 4000 on localhost and the page origin elsewhere', () => {
    expect(apiBaseUrl({ hostname: 'localhost', protocol: 'http:', origin: 'http://localhost:8080' })).toBe('http://localhost:4000');
    expect(apiBaseUrl({ hostname: 'gistbook.app', protocol: 'https:', origin: 'https://gistbook.app' })).toBe('https://gistbook.app');
    expect(apiBaseUrl({ hostname: '127.0.0.1', protocol: 'http:', origin: 'http://127.0.0.1:4000' })).toBe('http://127.0.0.1:4000');
  });
});

describe('api client', () => {
  it('sends the bearer token and credentials and unwraps result', async () => {
    setToken('abc');
    let auth: string | null = null;
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get(`${API}/api/thing`, ({ request }) => {
        auth = request.headers.get('Authorization');
        credentials = request.credentials;
        return ok({ value: 42 });
      }),
    );
    await expect(api.get('/api/thing')).resolves.toEqual({ value: 42 });
    expect(auth).toBe('Bearer abc');
    expect(credentials).toBe('include');
  });

  it('turns the error envelope into an ApiError', async () => {
    server.use(http.post(`${API}/api/thing`, () => fail(409, 'That e-mail is already registered.', 'email_taken')));
    const error = await api.post('/api/thing', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'That e-mail is already registered.', code: 'email_taken', status: 409, notLoggedIn: false });
  });

  it('on a 401 refreshes once, stores the new token and retries', async () => {
    setToken('stale', Date.now() - 10_000);
    const seen: (string | null)[] = [];
    let refreshes = 0;
    server.use(
      protectedEndpoint('/api/user/account', seen),
      http.post(`${API}/api/user/refresh-token`, () => {
        refreshes += 1;
        return ok({ token: 'fresh' });
      }),
    );
    const before = Date.now();
    await expect(api.get('/api/user/account')).resolves.toEqual({ path: '/api/user/account' });
    expect(refreshes).toBe(1);
    expect(seen).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(getToken()).toBe('fresh');
    expect(getTokenDate()).toBeGreaterThanOrEqual(before);
  });

  it('queues concurrent 401s behind one refresh and replays them with the new token', async () => {
    setToken('stale');
    const seen: (string | null)[] = [];
    let refreshes = 0;
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    server.use(
      protectedEndpoint('/api/a', seen),
      protectedEndpoint('/api/b', seen),
      protectedEndpoint('/api/c', seen),
      http.post(`${API}/api/user/refresh-token`, async () => {
        refreshes += 1;
        await refreshGate;
        return ok({ token: 'fresh' });
      }),
    );
    const all = Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);
    await vi.waitFor(() => expect(refreshes).toBe(1));
    // Give the other two requests time to hit their 401 and join the queue.
    await vi.waitFor(() => expect(seen.filter((s) => s === 'Bearer stale')).toHaveLength(3));
    releaseRefresh();
    await expect(all).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(refreshes).toBe(1);
    expect(seen.filter((s) => s === 'Bearer fresh')).toHaveLength(3);
  });

  it('when the refresh fails it clears the token, emits auth lost once and rejects', async () => {
    setToken('stale');
    const lost = vi.fn();
    onAuthLost(lost);
    let refreshes = 0;
    server.use(
      http.get(`${API}/api/a`, () => notLoggedIn()),
      http.get(`${API}/api/b`, () => notLoggedIn()),
      http.post(`${API}/api/user/refresh-token`, () => {
        refreshes += 1;
        return fail(401, 'Session expired.', 'refresh_invalid');
      }),
    );
    const results = await Promise.allSettled([api.get('/api/a'), api.get('/api/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const reason = (results[0] as PromiseRejectedResult).reason as ApiError;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason.status).toBe(401);
    expect(reason.notLoggedIn).toBe(true);
    expect(refreshes).toBe(1);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('tokenDate')).toBeNull();
  });

  it('does not refresh again when the replayed request is still unauthorised', async () => {
    setToken('stale');
    let refreshes = 0;
    server.use(
      http.get(`${API}/api/a`, () => notLoggedIn()),
      http.post(`${API}/api/user/refresh-token`, () => {
        refreshes += 1;
        return ok({ token: 'fresh' });
      }),
    );
    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(1);
  });

  it('reports network failures as an ApiError with status 0', async () => {
    server.use(http.get(`${API}/api/a`, () => HttpResponse.error()));
    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
