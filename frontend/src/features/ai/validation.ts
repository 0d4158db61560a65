/** The AI summariser's limits and the client's checks (the server checks the same, and the type from the bytes). */

/** At most 20 MB a file. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** What the file field offers. */
export const ACCEPTED_FILES = '.pdf,.epub,.html,.htm,.txt';
const ACCEPTED_EXTENSIONS = ACCEPTED_FILES.split(',');

/** Member spec §5, word for word. */
export const NOTHING_GIVEN = 'Please select a file or url';
export const BAD_LINK = 'Please enter a valid link starting with http:// or https://.';
export const FILE_TOO_LARGE = 'The file is larger than 20 MB.';
export const BAD_FILE_TYPE = 'Please choose a PDF, EPUB, HTML or plain-text file.';

export type Source = { kind: 'url'; url: string } | { kind: 'file'; file: File };

export type Checked = { source: Source; error?: never; field?: never } | { error: string; field: 'url' | 'file' | null; source?: never };

/** An http(s) link with a host: `https://example.com/a` yes, `example.com` or `ftp://x` no. */
export function isHttpLink(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return new URL(text).hostname.length > 0;
  } catch {
    return false;
  }
}

/** Whether the file's name ends with one of the offered extensions. */
export function hasAcceptedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * What to summarise, or why not (and which field is at fault): a link or a file, never both (the
 * form lets only one be filled).
 */
export function checkSource(link: string, file: File | null): Checked {
  const url = link.trim();
  if (file) {
    if (file.size > MAX_FILE_BYTES) return { error: FILE_TOO_LARGE, field: 'file' };
    if (!hasAcceptedExtension(file.name)) return { error: BAD_FILE_TYPE, field: 'file' };
    return { source: { kind: 'file', file } };
  }
  if (!url) return { error: NOTHING_GIVEN, field: null };
  if (!isHttpLink(url)) return { error: BAD_LINK, field: 'url' };
  return { source: { kind: 'url', url } };
}
