/** Sizes as people read them (pure): 0 B, 900 B, 1.5 KB, 12 MB, 1.2 GB (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  // One decimal below 10 (1.5 MB), none above (12 MB); never "1024 KB".
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  if (rounded >= 1024 && unit < units.length - 1) return `1 ${units[unit + 1]}`;
  return `${rounded} ${units[unit]}`;
}

/** "2.5 MB of 1 GB" style text for the device's storage, or null when the browser gives no estimate. */
export function storageText(estimate: { usage?: number; quota?: number } | null): string | null {
  if (!estimate || estimate.usage === undefined || estimate.quota === undefined) return null;
  return `This site uses ${formatBytes(estimate.usage)} of the ${formatBytes(estimate.quota)} this browser allows.`;
}
