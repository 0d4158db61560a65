import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiBaseUrl, resumeSession, type PathsFor } from '@/lib/api/client';
import type { AiSummary } from './types';
import { getToken } from '@/lib/storage';
import { FILE_TOO_LARGE } from '../validation';
import { rememberStarted } from './cache';

const PATH = '/api/ai/file' satisfies PathsFor<'post'>;

/** What POST /api/ai/file answers: the queued job. */
type Started = { summary: AiSummary };
const GENERIC_ERROR = 'There was an error processing your request.';

export interface UploadOptions {
  /** 0 to 100 as the file is sent. */
  onProgress?: (percent: number) => void;
}

interface Envelope {
  status?: string;
  result?: Started;
  error?: string;
  code?: string;
  notLoggedIn?: boolean;
}

function parse(text: string): Envelope | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

/** The server's refusal as the API client reports one (a proxy's bare 413 gets the contract's text). */
function refusal(status: number, body: Envelope | null): ApiError {
  const fallback = status === 413 ? FILE_TOO_LARGE : GENERIC_ERROR;
  return new ApiError(body?.error || fallback, { status, code: body?.code, notLoggedIn: body?.notLoggedIn ?? status === 401 });
}

/** One multipart POST with the field `file`, through XMLHttpRequest for its upload progress. */
function send(file: File, options: UploadOptions): Promise<Started> {
  return new Promise<Started>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.open('POST', `${apiBaseUrl()}${PATH}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body?.status === 'ok' && body.result) resolve(body.result);
      else reject(refusal(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(GENERIC_ERROR, { status: 0, code: 'network_error' }));
    xhr.onabort = () => reject(new ApiError(GENERIC_ERROR, { status: 0, code: 'network_error' }));
    xhr.send(form);
  });
}

/**
 * POST /api/ai/file (multipart, field `file`): starts summarising a PDF, EPUB, HTML or plain-text
 * file of at most 20 MB (the server checks the type from the bytes). The API client sends JSON
 * only, so the file goes through XMLHttpRequest (as the back office's uploads do, for the upload
 * progress), with the client's rules: the bearer token, errors as `ApiError`, and after a 401 one
 * quiet session refresh and the file sent again. 400 'Please choose a PDF, EPUB, HTML or
 * plain-text file.', 413 'The file is larger than 20 MB.', 403 `premium_required`, 429 after 20 a day.
 */
export async function summariseFile(file: File, options: UploadOptions = {}): Promise<Started> {
  try {
    return await send(file, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && (await resumeSession())) {
      options.onProgress?.(0);
      return send(file, options);
    }
    throw error;
  }
}

export function useSummariseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai-summaries', 'file'],
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) => summariseFile(file, { onProgress }),
    onSuccess: ({ summary }) => rememberStarted(queryClient, summary),
  });
}
