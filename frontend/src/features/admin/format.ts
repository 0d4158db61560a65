/** Dates, money and rates as the back office shows them. Days are UTC days, as the server counts them. */
import { formatCents } from '@/lib/billing/money';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Epoch ms → 'yyyy-mm-dd' (UTC); '' for 0 or nothing. */
export function toDay(ms: number | null | undefined): string {
  if (!ms) return '';
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** 'yyyy-mm-dd' → epoch ms at 00:00 UTC; null when it is not such a date. */
export function fromDay(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toDay(ms) === day.trim() ? ms : null;
}

/** The UTC day `days` before the given one (a day as 'yyyy-mm-dd'). */
export function daysBefore(day: string, days: number): string {
  const ms = fromDay(day) ?? Date.now();
  return toDay(ms - days * 86_400_000);
}

/** Today as a UTC day. */
export function today(now: number = Date.now()): string {
  return toDay(now);
}

/** Epoch ms → local date and time ('2025-03-04 14:05'). */
export function toDateTime(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const counts = new Intl.NumberFormat('en-US');

/** Cents → '$1,234.50' (the app's one price format). */
export function money(cents: number): string {
  return formatCents(cents);
}

/** 1234 → '1,234'. */
export function count(n: number): string {
  return counts.format(n);
}

/** 0.1234 → '12.3%'. */
export function percent(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** The first line of a text (a message, an affiliate's audience), cut at about `max` characters. */
export function excerpt(body: string, max = 90): string {
  const line = body.trim().split(/\r?\n/, 1)[0]?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
