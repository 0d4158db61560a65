import { http, HttpResponse } from 'msw';
import { makeUser } from './data';

/** The API origin the client uses under jsdom (page at http://localhost:3000). */
export const API = 'http://localhost:4000';

export const ok = <T>(result: T, init?: ResponseInit) => HttpResponse.json({ status: 'ok', result }, init);

export const fail = (status: number, error: string, code = 'error', extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ status: 'error', error, code, ...extra }, { status });

export const notLoggedIn = () => fail(401, 'Please log in.', 'not_logged_in', { notLoggedIn: true });

/** A plausible server: every test may override single calls with server.use(...). */
export const handlers = [
  http.get(`${API}/api/user/session`, () => ok({ user: makeUser({ id: 1 }) })),
  http.get(`${API}/api/user/account`, () => ok({ user: makeUser({ id: 1 }) })),
  http.post(`${API}/api/user/login`, () => ok({ token: 'login-token', user: makeUser({ id: 1 }) })),
  http.post(`${API}/api/user/register`, () => ok({ token: 'register-token', user: makeUser({ id: 2 }) })),
  http.post(`${API}/api/user/subscription-code-register`, () => ok({ token: 'code-token', user: makeUser({ id: 3 }) })),
  http.post(`${API}/api/user/refresh-token`, () => fail(401, 'Your session has expired.', 'refresh_invalid')),
  http.post(`${API}/api/user/logout`, () => ok({})),
  http.post(`${API}/api/user/mark-as-paid`, () => ok({})),
  http.put(`${API}/api/user/forgot-password`, () => ok({})),
  http.put(`${API}/api/user/reset-password`, () => ok({})),
  http.post(`${API}/api/user/delete`, () => ok({})),
  http.post(`${API}/api/analytics/events`, () => ok({})),
  http.get(`${API}/api/google/login/oauth`, () => fail(503, 'Google sign-in is not configured.', 'provider_not_configured')),
  http.get(`${API}/api/apple/login/oauth`, () => fail(503, 'Apple sign-in is not configured.', 'provider_not_configured')),
];
