/** The name every book summary PDF is saved under (member spec §4, Checkout). */
export const SUMMARY_PDF_NAME = 'summary.pdf';

/** `attachment; filename="walden.pdf"` → `walden.pdf` (or the fallback). */
export function attachmentName(headers: Headers, fallback: string): string {
  const disposition = headers.get('Content-Disposition') ?? '';
  const match = disposition.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  const name = match?.[1] ? decodeURIComponent(match[1]).trim() : '';
  return name && !/[\\/]/.test(name) ? name : fallback;
}

/**
 * Hands a file the page already holds to the browser's download (an object URL on a link with
 * `download`), then lets the URL go once the browser has taken it.
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled (Safari reads the URL asynchronously).
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
