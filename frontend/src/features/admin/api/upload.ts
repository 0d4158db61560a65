import { apiBaseUrl, resumeSession } from '@/lib/api/client';
import type { AdminUploadResult } from './types';
import { getToken } from '@/lib/storage';

export type UploadSlot = 'photo' | 'vector' | 'infographic' | 'media' | 'podcast' | 'video';

/** The upload screens (`/admin/book-{slot}/{id}`), in the spec's order of the list's links. */
export const UPLOAD_SCREENS: { slot: UploadSlot; short: string; title: string; accept: string; kind: 'image' | 'audio' | 'video' }[] = [
  { slot: 'photo', short: 'Photo', title: 'Cover photo', accept: 'image/*', kind: 'image' },
  { slot: 'media', short: 'Media', title: 'Audio narration', accept: 'audio/*', kind: 'audio' },
  { slot: 'podcast', short: 'Podcast', title: 'Podcast', accept: 'audio/*', kind: 'audio' },
  { slot: 'video', short: 'Video', title: 'Video', accept: 'video/*', kind: 'video' },
  { slot: 'infographic', short: 'Infographic', title: 'Infographic', accept: 'image/*,application/pdf', kind: 'image' },
  { slot: 'vector', short: 'Vector', title: 'Vector artwork', accept: 'image/svg+xml,image/png,application/pdf', kind: 'image' },
];

/** Uploads may take this long (spec §9: 30 minutes). */
export const UPLOAD_TIMEOUT_MS = 1_800_000;

// The spec's texts (§8).
export const UPLOAD_FAILED = 'Upload failed. Please try again.';
export const UPLOAD_TIMED_OUT = 'Upload failed. The upload timed out. Please try again with a smaller file or better internet connection.';
export const NO_RESPONSE = 'No response from server. Please check your internet connection.';
export const SERVER_ERROR = 'Server error.';
/** The infographic screen's own fallbacks. */
export const INFOGRAPHIC_FAILED = 'Upload failed.';
export const INFOGRAPHIC_ERROR = 'An error occurred.';

export class UploadError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

interface Envelope<T> {
  status?: string;
  error?: string;
  result?: T;
}

function parse<T>(text: string): Envelope<T> | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

export interface UploadOptions {
  /** 0 to 100 as the file is sent. */
  onProgress?: (percent: number) => void;
  timeoutMs?: number;
  /** Aborting rejects with the failure text. */
  signal?: AbortSignal;
}

/**
 * Multipart POST /api/admin/books/{slot}/{id} (fields `fileName` and `file`): see `uploadTo`. The
 * infographic screen has fallbacks of its own ('Upload failed.', 'An error occurred.').
 */
export function uploadFile(slot: UploadSlot, id: number, file: File, options: UploadOptions = {}): Promise<AdminUploadResult> {
  const infographic = slot === 'infographic';
  return uploadTo<AdminUploadResult>(`/api/admin/books/${slot}/${id}`, file, {
    ...options,
    failedText: infographic ? INFOGRAPHIC_FAILED : UPLOAD_FAILED,
    errorText: infographic ? INFOGRAPHIC_ERROR : UPLOAD_FAILED,
  });
}

/**
 * Multipart POST of one file to an admin upload path (fields `fileName` and `file`) through
 * XMLHttpRequest, for its upload progress events. Resolves with the server's result; rejects
 * with an `UploadError` carrying the spec's text: the server's error, the status text or
 * 'Server error.' for an error answer; the timeout text; 'No response from server...' when no
 * answer came; 'Upload failed. Please try again.' otherwise. A 401 (the access token ran out
 * during a long upload) refreshes the session once and sends the file again.
 */
export function uploadTo<T>(path: string, file: File, options: UploadOptions & { failedText?: string; errorText?: string } = {}): Promise<T> {
  const failed = options.failedText ?? UPLOAD_FAILED;
  const send = (retried: boolean): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const form = new FormData();
      // The name first: the server reads small fields before the file and then streams the file.
      form.append('fileName', file.name);
      form.append('file', file, file.name);
      xhr.open('POST', `${apiBaseUrl()}${path}`);
      xhr.withCredentials = true;
      xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
      xhr.onload = () => {
        const body = parse<T>(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          if (body?.status === 'ok' && body.result) resolve(body.result);
          else reject(new UploadError(body?.error || failed, xhr.status));
          return;
        }
        if (xhr.status === 0) {
          reject(new UploadError(NO_RESPONSE, 0));
          return;
        }
        reject(new UploadError(body?.error || xhr.statusText || SERVER_ERROR, xhr.status));
      };
      xhr.onerror = () => reject(new UploadError(NO_RESPONSE, 0));
      xhr.ontimeout = () => reject(new UploadError(UPLOAD_TIMED_OUT, 0));
      xhr.onabort = () => reject(new UploadError(failed, 0));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      try {
        xhr.send(form);
      } catch {
        reject(new UploadError(options.errorText ?? failed, 0));
      }
    }).catch(async (error: unknown) => {
      if (!retried && error instanceof UploadError && error.status === 401 && (await resumeSession())) {
        options.onProgress?.(0);
        return send(true);
      }
      throw error;
    });
  return send(false);
}
