/**
 * All request and response types of the server API.
 *
 * The server's own types come from `schema.ts`, which `cargo xtask codegen` generates from the
 * server's OpenAPI document (`openapi.json`); `cargo xtask test` fails when they are stale. Only the
 * envelope generics and the calls the server does not serve yet are written by hand here.
 */

import type { components } from './schema';

type Schemas = components['schemas'];

/** A member as returned by login, register, session and account calls. */
export type User = Schemas['UserView'];

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
export type RegisterRequest = Schemas['RegisterRequest'];

/** POST /api/user/login */
export type LoginRequest = Schemas['LoginRequest'];

/** Result of register, login and subscription-code-register. */
export type AuthResponse = Schemas['SignedInResult'];

/** GET /api/user/session */
export type SessionResponse = Schemas['UserResult'];

/** POST /api/user/refresh-token */
export type RefreshTokenResponse = Schemas['TokenResult'];

/** PUT /api/user/forgot-password */
export type ForgotPasswordRequest = Schemas['ForgotPasswordRequest'];

/** PUT /api/user/reset-password */
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];

/** POST /api/user/subscription-code-register */
export type SubscriptionCodeRegisterRequest = Schemas['CodeRegisterRequest'];

/** POST /api/user/mark-as-paid (billing; not served yet, so written by hand). */
export interface MarkAsPaidRequest {
  chargeId: string;
}

/** GET /api/user/account */
export type AccountResponse = Schemas['UserResult'];

/** POST /api/user/delete */
export type DeleteAccountRequest = Schemas['DeleteAccountRequest'];

// ---- social login ---------------------------------------------------------------------------

/** GET /api/{provider}/login/oauth?origin=login&redirect=... */
export type OAuthUrlResponse = Schemas['AuthorizationUrl'];

/** GET /api/{provider}/login/oauth/callback?code=...&state=... */
export type OAuthCallbackResponse = Schemas['SignedInResult'];

// ---- analytics ------------------------------------------------------------------------------

export type AnalyticsEventName = 'start_for_free_click';

/** POST /api/analytics/events (the generated type, with the event names the app uses). */
export type AnalyticsEventRequest = Omit<Schemas['AnalyticsEventRequest'], 'name'> & {
  name: AnalyticsEventName | (string & {});
};
