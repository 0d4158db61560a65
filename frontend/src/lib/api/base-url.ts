/**
 * Where the API is: its own module, so that the book page's early script
 * (`src/early-book.ts`) can use the same rule without the whole client.
 */

declare const process: { env: { API_BASE?: string } };

/** Base URL rule (spec §7) with an optional build-time override (`process.env.API_BASE`). */
export function apiBaseUrl(location: Pick<Location, 'hostname' | 'protocol' | 'origin'> = window.location): string {
  let override = '';
  try {
    override = process.env.API_BASE ?? '';
  } catch {
    override = '';
  }
  if (override) return override.replace(/\/+$/, '');
  if (location.hostname.includes('localhost')) return `${location.protocol}//localhost:4000`;
  return location.origin;
}
