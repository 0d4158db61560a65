import { vi } from 'vitest';
import { earlyCallName, SLOT, type Call, type EarlyWindow } from '@/lib/api/early-calls';

/** What a page's first script (src/early-calls.ts) leaves for the app: `call`, sent with `token`, answered `status` with `body`. */
export function leaveEarlyAnswer(call: Call, token: string | null, status: number, body: unknown, sentAt: number = Date.now()) {
  const win = window as EarlyWindow;
  const calls = win[SLOT] ?? {};
  calls[earlyCallName(call)] = { token, sentAt, answer: Promise.resolve({ status, text: JSON.stringify(body) }) };
  win[SLOT] = calls;
}

/** The page as if no early script had run. */
export function forgetEarlyAnswers() {
  delete (window as EarlyWindow)[SLOT];
}

/** A window at `pathname` whose `fetch` answers `answer` (or fails), recording what it was asked. */
export function pageAt(pathname: string, answer: { status: number; body: string } | Error = { status: 200, body: '{"status":"ok","result":{}}' }) {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(new Response(answer.body, { status: answer.status })),
  );
  const win = { location: { pathname, hostname: 'gistbook.app', protocol: 'https:', origin: 'https://gistbook.app' }, fetch } as unknown as EarlyWindow;
  return { win, fetch };
}
