/** Audio player helpers (spec member-app §4 "Reader" and §9). */

export const SPEEDS_MIN = 0.5;
export const SPEEDS_MAX = 2;
export const SPEED_STEP = 0.25;

/** Seconds as m:ss (two-digit seconds); '0:00' for anything that is not a usable number. */
export function formatTime(seconds: unknown): string {
  const value = typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : seconds;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return '0:00';
  const whole = Math.floor(value);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** 1 → 1.25 → 1.5 → 1.75 → 2 → 0.5 → 0.75 → 1 (0.25 steps up to 2, then wrap to 0.5). */
export function nextSpeed(current: number): number {
  if (!Number.isFinite(current) || current >= SPEEDS_MAX || current < SPEEDS_MIN) {
    return current >= SPEEDS_MAX ? SPEEDS_MIN : 1;
  }
  const next = Math.round((current + SPEED_STEP) / SPEED_STEP) * SPEED_STEP;
  return Math.min(next, SPEEDS_MAX);
}

/** "1x", "1.25x", "0.5x" */
export function speedLabel(speed: number): string {
  return `${Number(speed.toFixed(2))}x`;
}
