import { HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { Seat } from '@/features/billing/api/types';
import type { KindleSetting } from '@/features/kindle/api/types';

/** The Kindle domains the server offers (back-office spec §9). */
export const KINDLE_DOMAINS = ['kindle.com', 'kindle.cn', 'kindle.ca', 'kindle.it', 'free.kindle.com'];

export function makeKindle(overrides: Partial<KindleSetting> = {}): KindleSetting {
  return { kindleEmail: null, domains: KINDLE_DOMAINS, ...overrides };
}

export function makeSeat(overrides: Partial<Seat> & { id: number }): Seat {
  return {
    code: `SEAT-${String(overrides.id).padStart(4, '0')}-CODE`,
    state: 'free',
    invitedEmail: null,
    invitedAt: null,
    redeemedBy: null,
    redeemedAt: null,
    ...overrides,
  };
}

/** Bytes that start like a PDF. */
export const PDF_BYTES = '%PDF-1.7\n% test summary\n';

/** A PDF answer as the server sends one (`name` in Content-Disposition, extra headers such as X-Charge-Id). */
export function pdfResponse(name = 'summary.pdf', headers: Record<string, string> = {}) {
  return new HttpResponse<string>(PDF_BYTES, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"`, ...headers },
  });
}

/**
 * jsdom saves no files: records what the page hands to the browser's download (the object URL's
 * file and the link's name). Call `restore` after the test.
 */
export function captureDownloads() {
  const saved: { name: string; file: Blob }[] = [];
  const files = new Map<string, Blob>();
  const original = Object.getOwnPropertyDescriptors(URL);
  let next = 0;
  Object.assign(URL, {
    createObjectURL: (file: Blob) => {
      next += 1;
      const url = `blob:test/${next}`;
      files.set(url, file);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = files.get(this.href);
    if (file && this.download) saved.push({ name: this.download, file });
  });
  return {
    saved,
    restore: () => {
      click.mockRestore();
      for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
        const descriptor = original[name];
        if (descriptor) Object.defineProperty(URL, name, descriptor);
        else Reflect.deleteProperty(URL, name);
      }
    },
  };
}
