/** A same-site path: starts with "/" but not "//" (nor "/\"), no scheme. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target) return null;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Append `?redirect=` (kept from the current page) to a path. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  const safe = safeRedirect(redirect);
  return safe ? `${path}?redirect=${encodeURIComponent(safe)}` : path;
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
