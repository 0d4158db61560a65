/**
 * All request and response types of the server API.
 *
 * The lead will replace the contents of this file with re-exports of the types generated from the
 * server's OpenAPI document: keep these names stable.
 */

/** A member as returned by login, register, session and account calls. */
export interface User {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  planId: string | null;
  /** Milliseconds since the epoch; 0 when the user never paid. */
  paidDate: number;
  /** Milliseconds since the epoch; null for plans without an end (lifetime). */
  endPaidDate: number | null;
  /** Category ids. */
  recommends: number[];
  friendEmail: string | null;
  isPaid: boolean;
  isAdmin: boolean;
}

/** `{"status":"ok","result":{...}}` */
export interface ApiSuccess<T> {
  status: 'ok';
  result: T;
}

/** `{"status":"error","error":"...","code":"..."}` (+ `notLoggedIn` on 401). */
export interface ApiFailure {
  status: 'error';
  error: string;
  code?: string;
  notLoggedIn?: boolean;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** A success with nothing interesting inside `result`. */
export type EmptyResult = Record<string, never> | null | undefined;

// ---- identity -------------------------------------------------------------------------------

/** POST /api/user/register */
export interface RegisterRequest {
  /** The e-mail address. */
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  /** IANA time zone name, e.g. "Europe/Berlin". */
  timezone: string;
  chargeId?: string;
  rId?: string;
}

/** POST /api/user/login */
export interface LoginRequest {
  email: string;
  password: string;
}

/** Result of register, login and subscription-code-register. */
export interface AuthResponse {
  token: string;
  user: User;
}

/** GET /api/user/session */
export interface SessionResponse {
  user: User;
}

/** POST /api/user/refresh-token */
export interface RefreshTokenResponse {
  token: string;
}

/** PUT /api/user/forgot-password */
export interface ForgotPasswordRequest {
  email: string;
}

/** PUT /api/user/reset-password */
export interface ResetPasswordRequest {
  password1: string;
  password2: string;
  code: string;
  email: string;
}

/** POST /api/user/subscription-code-register */
export interface SubscriptionCodeRegisterRequest {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  code: string;
  timezone: string;
}

/** POST /api/user/mark-as-paid */
export interface MarkAsPaidRequest {
  chargeId: string;
}

/** GET /api/user/account */
export interface AccountResponse {
  user: User;
}

/** POST /api/user/delete */
export interface DeleteAccountRequest {
  why: string;
  how: string;
}

// ---- social login ---------------------------------------------------------------------------

/** GET /api/{provider}/login/oauth?origin=login&redirect=... */
export interface OAuthUrlResponse {
  url: string;
}

/** GET /api/{provider}/login/oauth/callback?code=... */
export interface OAuthCallbackResponse {
  token: string;
  user?: User;
}

// ---- analytics ------------------------------------------------------------------------------

export type AnalyticsEventName = 'start_for_free_click';

/** POST /api/analytics/events */
export interface AnalyticsEventRequest {
  name: AnalyticsEventName | (string & {});
  properties?: Record<string, unknown>;
}
