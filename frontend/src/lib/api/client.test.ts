import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeCharge } from '@/testing/billing-data';
import { makeCollection } from '@/testing/data';
import { fail, http, notLoggedIn, ok } from '@/testing/handlers';
import { server } from '@/testing/server';
import { getToken, getTokenDate, setToken } from '@/lib/storage';
import { api, apiBaseUrl, ApiError, buildPath, onAuthLost } from './client';

/**
 * A protected endpoint (GET /api/collections/{slug}) that accepts only `Bearer fresh` and answers
 * with the collection it was asked for, so each caller can tell its own answer.
 */
function protectedEndpoint(seen: (string | null)[]) {
  return http.get('/api/collections/{slug}', ({ request, params }) => {
    const auth = request.headers.get('Authorization');
    seen.push(auth);
    return auth === 'Bearer fresh' ? ok({ collection: makeCollection({ id: 1, slug: params.slug }), books: [] }) : notLoggedIn();
  });
}

/** The slug of the collection the server answered with. */
const collection = (slug: string) => api.get('/api/collections/{slug}', { params: { path: { slug } } }).then((result) => result.collection.slug);

describe('apiBaseUrl', () => {
  it('uses port 4000 on localhost and the page origin elsewhere', () => {
    expect(apiBaseUrl({ hostname: 'localhost', protocol: 'http:', origin: 'http://localhost:8080' })).toBe('http://localhost:4000');
    expect(apiBaseUrl({ hostname: 'gistbook.app', protocol: 'https:', origin: 'https://gistbook.app' })).toBe('https://gistbook.app');
    expect(apiBaseUrl({ hostname: '127.0.0.1', protocol: 'http:', origin: 'http://127.0.0.1:4000' })).toBe('http://127.0.0.1:4000');
  });
});

describe('buildPath', () => {
  it('fills in path parameters (encoded) and leaves out unset query parameters', () => {
    expect(buildPath('/api/books/{id}', { path: { id: 'a b/c' } })).toBe('/api/books/a%20b%2Fc');
    expect(buildPath('/api/search', { query: { q: 'stoic', page: 2, category: undefined, audio: null } })).toBe('/api/search?q=stoic&page=2');
    expect(buildPath('/api/blog')).toBe('/api/blog');
    expect(() => buildPath('/api/books/{id}')).toThrow('missing path parameter id');
  });
});

describe('api client', () => {
  it('sends the bearer token and credentials and unwraps result', async () => {
    setToken('abc');
    let auth: string | null = null;
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get('/api/categories', ({ request }) => {
        auth = request.headers.get('Authorization');
        credentials = request.credentials;
        return ok({ categories: [] });
      }),
    );
    await expect(api.get('/api/categories')).resolves.toEqual({ categories: [] });
    expect(auth).toBe('Bearer abc');
    expect(credentials).toBe('include');
  });

  it('sends path and query parameters and the JSON body', async () => {
    let url = '';
    let body: unknown = null;
    server.use(
      http.get('/api/search', ({ request }) => {
        url = request.url;
        return ok({ query: 'stoic', books: [], total: 0, page: 2, pageSize: 20 });
      }),
      http.put('/api/books/rating/{id}', async ({ request, params }) => {
        body = await request.json();
        return ok({ bookId: Number(params.id), rating: 4, hasRatingsFromUser: true });
      }),
    );
    await api.get('/api/search', { params: { query: { q: 'stoic', page: 2 } } });
    expect(url).toBe('http://localhost:4000/api/search?q=stoic&page=2');
    await expect(api.put('/api/books/rating/{id}', { params: { path: { id: '7' } }, body: { bookId: 7, rating: 4, feedback: 'Good.' } })).resolves.toEqual({
      bookId: 7,
      rating: 4,
      hasRatingsFromUser: true,
    });
    expect(body).toEqual({ bookId: 7, rating: 4, feedback: 'Good.' });
  });

  it('turns the error envelope into an ApiError', async () => {
    server.use(http.post('/api/user/register', () => fail(409, 'That e-mail is already registered.', 'email_taken')));
    const body = { username: 'ada@example.com', password: 'a long password', firstName: 'Ada', lastName: 'Lovelace' };
    const error = await api.post('/api/user/register', { body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'That e-mail is already registered.', code: 'email_taken', status: 409, notLoggedIn: false });
  });

  it('on a 401 refreshes once, stores the new token and retries', async () => {
    setToken('stale', Date.now() - 10_000);
    const seen: (string | null)[] = [];
    let refreshes = 0;
    server.use(
      protectedEndpoint(seen),
      http.post('/api/user/refresh-token', () => {
        refreshes += 1;
        return ok({ token: 'fresh' });
      }),
    );
    const before = Date.now();
    await expect(collection('account')).resolves.toBe('account');
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
      protectedEndpoint(seen),
      http.post('/api/user/refresh-token', async () => {
        refreshes += 1;
        await refreshGate;
        return ok({ token: 'fresh' });
      }),
    );
    const all = Promise.all([collection('a'), collection('b'), collection('c')]);
    await vi.waitFor(() => expect(refreshes).toBe(1));
    // Give the other two requests time to hit their 401 and join the queue.
    await vi.waitFor(() => expect(seen.filter((s) => s === 'Bearer stale')).toHaveLength(3));
    releaseRefresh();
    await expect(all).resolves.toEqual(['a', 'b', 'c']);
    expect(refreshes).toBe(1);
    expect(seen.filter((s) => s === 'Bearer fresh')).toHaveLength(3);
  });

  it('when the refresh fails it clears the token, emits auth lost once and rejects', async () => {
    setToken('stale');
    const lost = vi.fn();
    onAuthLost(lost);
    let refreshes = 0;
    server.use(
      http.get('/api/collections/{slug}', () => notLoggedIn()),
      http.post('/api/user/refresh-token', () => {
        refreshes += 1;
        return fail(401, 'Session expired.', 'refresh_invalid');
      }),
    );
    const results = await Promise.allSettled([collection('a'), collection('b')]);
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
      http.get('/api/collections/{slug}', () => notLoggedIn()),
      http.post('/api/user/refresh-token', () => {
        refreshes += 1;
        return ok({ token: 'fresh' });
      }),
    );
    await expect(collection('a')).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(1);
  });

  it('reports network failures as an ApiError with status 0', async () => {
    server.use(http.get('/api/categories', () => HttpResponse.error()));
    await expect(api.get('/api/categories')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

/**
 * Type checks only (`npm run typecheck` compiles this file; nothing here runs): calls and fakes the
 * server's OpenAPI document does not allow are errors. An unused `@ts-expect-error` fails too.
 */
export async function typedByPath(): Promise<void> {
  // @ts-expect-error The server does not serve this path.
  void api.get('/api/thing');
  // @ts-expect-error mark-as-paid is a POST, not a GET.
  void api.get('/api/user/mark-as-paid');
  // @ts-expect-error GET only: /api/books is not a POST.
  void api.post('/api/books');
  // @ts-expect-error A path with parameters needs them.
  void api.get('/api/books/{id}');
  // @ts-expect-error The rating must be a number.
  void api.put('/api/books/rating/{id}', { params: { path: { id: '1' } }, body: { bookId: 1, rating: 'five' } });
  // @ts-expect-error No such query parameter.
  void api.get('/api/search', { params: { query: { text: 'x' } } });
  const result = await api.get('/api/categories');
  // @ts-expect-error The result has no such field.
  void result.books;
  // @ts-expect-error msw handlers are typed by the same paths.
  http.get('/api/thing', () => ok({}));
  // @ts-expect-error ... and by the same results.
  http.get('/api/categories', () => ok({ books: [] }));
}

describe('apiFile (parseAs blob)', () => {
  it('answers a PDF as a Blob with its headers, a JSON success as result, and throws the error envelope', async () => {
    const { apiFile } = await import('./client');
    const { pdfResponse, PDF_BYTES } = await import('@/testing/delivery-data');
    setToken('abc');
    let accept: string | null = null;
    server.use(
      http.get('/api/books/download-pdf/{id}', ({ params, request }) => {
        accept = request.headers.get('Accept');
        if (params.id === 'locked') return fail(403, 'The PDF comes with Premium.', 'premium_only');
        return pdfResponse('walden.pdf', { 'X-Charge-Id': 'ch_1' });
      }),
      http.post('/api/charge/confirm', () =>
        ok(makeCharge({ status: 'requires_action', chargeId: 'ch_2', clientSecret: 's', isPaid: false, planId: null, endPaidDate: null })),
      ),
    );
    const pdf = await apiFile.get('/api/books/download-pdf/{id}', { params: { path: { id: 'walden' } } });
    expect(await pdf.file?.text()).toBe(PDF_BYTES);
    expect(pdf.headers?.get('X-Charge-Id')).toBe('ch_1');
    expect(accept).toBe('application/pdf, application/json');

    const json = await apiFile.post('/api/charge/confirm', { body: { chargeId: 'ch_2' } });
    expect(json.file).toBeUndefined();
    expect(json.result?.status).toBe('requires_action');

    await expect(apiFile.get('/api/books/download-pdf/{id}', { params: { path: { id: 'locked' } } })).rejects.toMatchObject({
      status: 403,
      code: 'premium_only',
      message: 'The PDF comes with Premium.',
    });
  });
});
