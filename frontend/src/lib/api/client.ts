import { clearToken, getToken, setToken } from '@/lib/storage';
import type { paths } from './schema';
import type { ApiFailure, RefreshTokenResponse } from '@/lib/api/types';
import { apiBaseUrl } from './base-url';
import { takeEarly, type Call } from './early-calls';

/**
 * The API client: JSON envelope handling, the bearer header and the 401 rule
 * (one refresh, concurrent 401s queued and replayed). It never navigates: on a failed refresh it
 * clears the token and emits "auth lost"; the app shell decides what to do.
 *
 * Every call is typed by its path in the server's OpenAPI document (`paths` in schema.ts): a path
 * or method the server does not serve, missing path parameters, unknown query parameters or a
 * wrong body are type errors, and the result is the `result` of the path's 200 answer.
 */

export { apiBaseUrl };

const GENERIC_ERROR = 'There was an error processing your request.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly notLoggedIn: boolean;

  constructor(message: string, options: { status: number; code?: string; notLoggedIn?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.notLoggedIn = options.notLoggedIn ?? false;
  }
}

export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

// ---- auth lost event ------------------------------------------------------------------------

type AuthLostListener = () => void;
const authLostListeners = new Set<AuthLostListener>();

/** Subscribe to "auth lost" (a refresh failed and the token was removed). Returns unsubscribe. */
export function onAuthLost(listener: AuthLostListener): () => void {
  authLostListeners.add(listener);
  return () => authLostListeners.delete(listener);
}

function emitAuthLost(): void {
  for (const listener of [...authLostListeners]) listener();
}

// ---- requests -------------------------------------------------------------------------------

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  /** Do not apply the 401 refresh rule (login, register, refresh itself, logout ...). */
  skipRefresh?: boolean;
  /** Send this bearer token instead of the stored one (`null` = none). */
  token?: string | null;
  signal?: AbortSignal;
  /** Ask the browser to finish the request even if the page unloads. */
  keepalive?: boolean;
}

interface RawResponse {
  status: number;
  ok: boolean;
  body: unknown;
  /** A successful answer that is not JSON (a PDF), when the call asked for one (`parseAs: 'blob'`). */
  file?: Blob;
  headers?: Headers;
}

/** How a successful answer is read: the JSON envelope, or a file when the server sends one. */
type ParseAs = 'json' | 'blob';

async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  token: string | null,
  options: RequestOptions,
  parseAs: ParseAs = 'json',
): Promise<RawResponse> {
  const headers: Record<string, string> = { Accept: parseAs === 'blob' ? 'application/pdf, application/json' : 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(GENERIC_ERROR, { status: 0, code: 'network_error' });
  }
  // Errors (and, for some calls, a next step such as 3-D Secure) stay JSON; a success may be a file.
  if (parseAs === 'blob' && response.ok && !(response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      return { status: response.status, ok: true, body: null, file: await response.blob(), headers: response.headers };
    } catch {
      throw new ApiError(GENERIC_ERROR, { status: 0, code: 'network_error' });
    }
  }
  let parsed: unknown = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return { status: response.status, ok: response.ok, body: parsed };
}

function isFailure(body: unknown): body is ApiFailure {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'error';
}

function toError(raw: RawResponse): ApiError {
  if (isFailure(raw.body)) {
    return new ApiError(raw.body.error || GENERIC_ERROR, {
      status: raw.status,
      code: raw.body.code,
      notLoggedIn: raw.body.notLoggedIn ?? raw.status === 401,
    });
  }
  return new ApiError(GENERIC_ERROR, { status: raw.status, notLoggedIn: raw.status === 401 });
}

function unwrap<T>(raw: RawResponse): T {
  if (!raw.ok || isFailure(raw.body)) throw toError(raw);
  const body = raw.body as { result?: T } | null;
  return body?.result ?? (undefined as T);
}

/**
 * The `result` of a successful answer another script received (its status and body text), or
 * undefined for any other answer: the caller then asks through `api`, whose 401 rule and error
 * texts apply.
 */
function successfulResult<T>(status: number, text: string): T | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (status < 200 || status > 299 || isFailure(body) || typeof body !== 'object' || body === null || !('result' in body)) return undefined;
  return (body as { result: T }).result;
}

/**
 * The result of `call`, unless the page's first script sent it already (`lib/api/early-calls.ts`):
 * then its early answer, when that is a success. Any other answer is asked for again through
 * `ask`, so that the 401 rule and the error texts stay in one place.
 */
export async function earlyOr<T>(call: Call, ask: () => Promise<T>): Promise<T> {
  const early = takeEarly(call);
  const answer = early && (await early);
  const result = answer ? successfulResult<T>(answer.status, answer.text) : undefined;
  return result === undefined ? ask() : result;
}

// ---- refresh (one at a time) ----------------------------------------------------------------

let refreshing: Promise<string> | null = null;

const REFRESH_PATH = '/api/user/refresh-token' satisfies PathsFor<'post'>;

async function refreshAccessToken(): Promise<string> {
  const raw = await send('POST', REFRESH_PATH, undefined, null, { skipRefresh: true });
  const result = unwrap<RefreshTokenResponse>(raw);
  if (!result?.token) throw new ApiError(GENERIC_ERROR, { status: raw.status });
  setToken(result.token);
  return result.token;
}

/**
 * Start a refresh or join the one in flight. Requests that 401 while a refresh runs wait for it
 * and are then replayed with the new token.
 */
function refreshOnce(): Promise<string> {
  if (!refreshing) {
    refreshing = refreshAccessToken()
      .catch((error: unknown) => {
        clearToken();
        emitAuthLost();
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

/**
 * A stored token older than the session validity (1 hour) counts as signed out, but the refresh
 * cookie may still be good: try one quiet refresh. Resolves true when a fresh token was stored;
 * on failure the stale token is removed (no "auth lost" event: nothing was in progress).
 */
export async function resumeSession(): Promise<boolean> {
  if (!getToken()) return false;
  try {
    await (refreshing ?? refreshAccessToken());
    return true;
  } catch {
    clearToken();
    return false;
  }
}

/** Sends the request with the 401 rule applied; the answer as it came (not unwrapped). */
async function sendWithRefresh(method: HttpMethod, path: string, body: unknown, options: RequestOptions, parseAs: ParseAs): Promise<RawResponse> {
  const usedToken = options.token !== undefined ? options.token : getToken();
  const raw = await send(method, path, body, usedToken, options, parseAs);
  if (raw.status !== 401 || options.skipRefresh || options.token !== undefined) return raw;

  // 401 on a request not yet retried.
  const current = getToken();
  if (current && current !== usedToken && !refreshing) {
    // Another request already refreshed the token after this one was sent: just replay.
    return send(method, path, body, current, options, parseAs);
  }
  let fresh: string;
  try {
    fresh = await refreshOnce();
  } catch {
    throw toError(raw);
  }
  // Replayed once; a second 401 is final.
  return send(method, path, body, fresh, options, parseAs);
}

async function request<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return unwrap<T>(await sendWithRefresh(method, path, body, options, 'json'));
}

/** The whole success body, for the few calls that answer outside `result` (the collection calls). */
async function requestBody<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const raw = await sendWithRefresh(method, path, body, options, 'json');
  if (!raw.ok || isFailure(raw.body)) throw toError(raw);
  return raw.body as T;
}

/** A file the server answered (a PDF), with the answer's headers (e.g. `X-Charge-Id`). */
export interface FileAnswer {
  file: Blob;
  headers: Headers;
}

/** A call answered with a file, or with the JSON envelope's `result` (e.g. "3-D Secure first"). */
export type FileOrResult<T> = (FileAnswer & { result?: never }) | { result: T; file?: never; headers?: never };

async function requestFile<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<FileOrResult<T>> {
  const raw = await sendWithRefresh(method, path, body, options, 'blob');
  if (raw.file) return { file: raw.file, headers: raw.headers ?? new Headers() };
  return { result: unwrap<T>(raw) };
}

// ---- typed by path --------------------------------------------------------------------------

type Verb = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The paths the server serves with `verb` (a path whose operation is `?: never` is left out). */
export type PathsFor<V extends Verb> = { [P in keyof paths]: paths[P] extends Record<V, unknown> ? P : never }[keyof paths];

/** The OpenAPI operation of `verb` on `path`. */
type Operation<P extends keyof paths, V extends Verb> = paths[P] extends Record<V, infer Op> ? Op : never;

type OperationParams<Op> = Op extends { parameters: infer All } ? All : never;
/** Path parameters, when the path has any (`path?: never` does not match a required `path`). */
type PathParams<Op> = OperationParams<Op> extends { path: infer Path } ? Path : never;
type QueryParams<Op> = OperationParams<Op> extends { query?: infer Query } ? Exclude<Query, undefined> : never;

/** `params`: required with path parameters or a required query parameter, else optional. */
type ParamsInit<Op> = [PathParams<Op>] extends [never]
  ? [QueryParams<Op>] extends [never]
    ? { params?: never }
    : Record<string, never> extends QueryParams<Op>
      ? { params?: { query?: QueryParams<Op> } }
      : { params: { query: QueryParams<Op> } }
  : { params: { path: PathParams<Op> } & ([QueryParams<Op>] extends [never] ? unknown : { query?: QueryParams<Op> }) };

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/** `body`: required when the operation requires one, optional when it is optional, else absent. */
type BodyInit<Op> = [JsonBody<Op>] extends [never] ? { body?: never } : Op extends { requestBody: unknown } ? { body: JsonBody<Op> } : { body?: JsonBody<Op> };

/** What a call takes besides its path: parameters, body and the request options. */
export type CallInit<Op> = ParamsInit<Op> & BodyInit<Op> & RequestOptions;

/** The `result` of the operation's 200 JSON envelope. */
export type ResultOf<Op> = Op extends { responses: { 200: { content: { 'application/json': { result: infer Result } } } } } ? Result : never;

/** The whole 200 JSON body of the operation (for answers outside `result`). */
export type BodyOf<Op> = Op extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;

/** The init argument, optional when nothing in it is required. */
type InitArgs<Op> = Record<string, never> extends ParamsInit<Op> & BodyInit<Op> ? [init?: CallInit<Op>] : [init: CallInit<Op>];

interface LooseInit extends RequestOptions {
  params?: { path?: Record<string, string | number>; query?: Record<string, unknown> };
  body?: unknown;
}

/** `/api/books/{id}` + `{ path: { id: '7' }, query: { a: 1 } }` → `/api/books/7?a=1`. */
export function buildPath(template: string, params: LooseInit['params'] = {}): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params.path?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
  const search = queryString(params.query);
  return search ? `${path}?${search}` : path;
}

/** `a=1&b=x` from query parameters, in their order, leaving out those that are null or undefined. */
export function queryString(params: Record<string, unknown> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) query.append(name, String(item));
  }
  return query.toString();
}

function call(method: HttpMethod, path: string, init: LooseInit = {}): Promise<unknown> {
  const { params, body, ...options } = init;
  return request<unknown>(method, buildPath(path, params), body, options);
}

function callBody(method: HttpMethod, path: string, init: LooseInit = {}): Promise<unknown> {
  const { params, body, ...options } = init;
  return requestBody<unknown>(method, buildPath(path, params), body, options);
}

function callFile(method: HttpMethod, path: string, init: LooseInit = {}): Promise<FileOrResult<unknown>> {
  const { params, body, ...options } = init;
  return requestFile<unknown>(method, buildPath(path, params), body, options);
}

export const api = {
  get: <P extends PathsFor<'get'>>(path: P, ...[init]: InitArgs<Operation<P, 'get'>>) =>
    call('GET', path, init as LooseInit) as Promise<ResultOf<Operation<P, 'get'>>>,
  post: <P extends PathsFor<'post'>>(path: P, ...[init]: InitArgs<Operation<P, 'post'>>) =>
    call('POST', path, init as LooseInit) as Promise<ResultOf<Operation<P, 'post'>>>,
  put: <P extends PathsFor<'put'>>(path: P, ...[init]: InitArgs<Operation<P, 'put'>>) =>
    call('PUT', path, init as LooseInit) as Promise<ResultOf<Operation<P, 'put'>>>,
  delete: <P extends PathsFor<'delete'>>(path: P, ...[init]: InitArgs<Operation<P, 'delete'>>) =>
    call('DELETE', path, init as LooseInit) as Promise<ResultOf<Operation<P, 'delete'>>>,
  patch: <P extends PathsFor<'patch'>>(path: P, ...[init]: InitArgs<Operation<P, 'patch'>>) =>
    call('PATCH', path, init as LooseInit) as Promise<ResultOf<Operation<P, 'patch'>>>,
};

/**
 * Calls that answer outside the envelope's `result` (`{status, results}`, `{status, collection}`:
 * the back office's collection calls): the whole success body; errors throw ApiError as usual.
 */
export const apiBody = {
  get: <P extends PathsFor<'get'>>(path: P, ...[init]: InitArgs<Operation<P, 'get'>>) =>
    callBody('GET', path, init as LooseInit) as Promise<BodyOf<Operation<P, 'get'>>>,
  post: <P extends PathsFor<'post'>>(path: P, ...[init]: InitArgs<Operation<P, 'post'>>) =>
    callBody('POST', path, init as LooseInit) as Promise<BodyOf<Operation<P, 'post'>>>,
};

/**
 * Calls whose success is a file (openapi-fetch's `parseAs: 'blob'`): a PDF comes back as a Blob with
 * the answer's headers; a JSON success comes back as `result`; errors throw ApiError as usual.
 */
export const apiFile = {
  get: <P extends PathsFor<'get'>>(path: P, ...[init]: InitArgs<Operation<P, 'get'>>) =>
    callFile('GET', path, init as LooseInit) as Promise<FileOrResult<ResultOf<Operation<P, 'get'>>>>,
  post: <P extends PathsFor<'post'>>(path: P, ...[init]: InitArgs<Operation<P, 'post'>>) =>
    callFile('POST', path, init as LooseInit) as Promise<FileOrResult<ResultOf<Operation<P, 'post'>>>>,
};

/** For tests only: forget any refresh in flight. */
export function resetClientState(): void {
  refreshing = null;
  authLostListeners.clear();
}
